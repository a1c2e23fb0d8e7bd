import { hydrateIslands } from '../hydrateIslands.js';
import { TireHotel } from './TireHotel.js';

hydrateIslands('tirehotel', TireHotel);
