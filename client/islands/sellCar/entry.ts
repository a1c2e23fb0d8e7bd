import { hydrateIslands } from '../hydrateIslands.js';
import { SellCarIsland } from './SellCarIsland.js';

hydrateIslands('sellCar', SellCarIsland);
