import { hydrateIslands } from '../hydrateIslands.js';
import { SiteList } from './SiteList.js';

hydrateIslands('siteList', SiteList);
