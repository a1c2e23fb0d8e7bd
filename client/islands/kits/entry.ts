import { hydrateIslands } from '../hydrateIslands.js';
import { KitsSearch } from './KitsSearch.js';

hydrateIslands('kits', KitsSearch);
