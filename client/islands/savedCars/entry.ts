import { hydrateIslands } from '../hydrateIslands.js';
import { SavedCarsRoot } from './SavedCarsRoot.js';

hydrateIslands('savedCars', SavedCarsRoot);
