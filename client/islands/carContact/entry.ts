import { hydrateIslands } from '../hydrateIslands.js';
import { CarContactForm } from './CarContactForm.js';

hydrateIslands('carContact', CarContactForm);
