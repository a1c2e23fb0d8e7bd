import { hydrateIslands } from '../hydrateIslands.js';
import { CarGallery } from './CarGallery.js';

hydrateIslands('carGallery', CarGallery);
