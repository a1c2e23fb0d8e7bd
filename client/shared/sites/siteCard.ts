import type { Site } from '../../../contracts/upstream/search.js';

/** What a site card shows: the search asks only for these fields (the site list, the site selection block). */
export const SITE_CARD_FIELDS = [
  'site_id',
  'slug',
  'site_official_name',
  'site_street',
  'site_zip',
  'site_city',
  'site_phone',
  'site_image_url',
] as const;
export type SiteCardData = Pick<Site, (typeof SITE_CARD_FIELDS)[number]>;

/** The site page's path: the market's site-detail path (a translated path setting) and the slug. */
export function siteDetailPath(siteDetail: string, slug: string): string {
  return `${siteDetail}/${encodeURIComponent(slug)}`;
}

/** `tel:` wants the digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The town line of an address as the country writes it: 'Coventry CV3 0CL' in the UK, '119 27 Stockholm' elsewhere. */
export const siteTownLine = (site: Pick<Site, 'site_zip' | 'site_city'>, marketId: string) =>
  marketId === 'uk' ? `${site.site_city} ${site.site_zip}` : `${site.site_zip} ${site.site_city}`;
