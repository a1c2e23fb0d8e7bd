import { hydrateIslands } from '../hydrateIslands.js';
import { CarList } from './CarList.js';

hydrateIslands('carList', CarList);
