import { hydrateIslands } from '../hydrateIslands.js';
import { ServiceRequestForm } from './ServiceRequestForm.js';

hydrateIslands('serviceRequest', ServiceRequestForm);
