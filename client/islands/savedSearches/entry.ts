import { hydrateIslands } from '../hydrateIslands.js';
import { SavedSearches } from './SavedSearches.js';

hydrateIslands('savedSearches', SavedSearches);
