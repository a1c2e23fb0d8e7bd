import type { Translate } from '../../../markets/translations/dictionaries.js';
import type { Site } from '../../../contracts/upstream/search.js';

/** Home › the site list › this site, as paths without the language prefix (the views add it). */
export function siteBreadcrumbs(
  site: Pick<Site, 'slug' | 'site_official_name'>,
  siteListPath: string,
  t: Translate,
): { name: string; path: string }[] {
  return [
    { name: t('layout.breadcrumbHome'), path: '/' },
    { name: t('pages.sitesHeading'), path: siteListPath },
    { name: site.site_official_name, path: `${siteListPath}/${site.slug}` },
  ];
}
