import { hydrateIslands } from '../hydrateIslands.js';
import { CompareIslandRoot } from './CompareIslandRoot.js';

hydrateIslands('compare', CompareIslandRoot);
