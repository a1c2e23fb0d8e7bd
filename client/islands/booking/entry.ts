import { hydrateIslands } from '../hydrateIslands.js';
import { BookingApp } from './BookingApp.js';

hydrateIslands('booking', BookingApp);
