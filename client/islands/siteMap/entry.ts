import { hydrateIslands } from '../hydrateIslands.js';
import { SiteLocationMap } from './SiteLocationMap.js';

hydrateIslands('siteMap', SiteLocationMap);
