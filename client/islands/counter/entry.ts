import { hydrateIslands } from '../hydrateIslands.js';
import { Counter } from './Counter.js';

hydrateIslands('counter', Counter);
