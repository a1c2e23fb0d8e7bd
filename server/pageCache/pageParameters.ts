import { URL_RANGE_FIELDS, URL_TERM_FIELDS } from '../../client/shared/carList/carListConfig.js';
import { KIT_FACETS } from '../../client/shared/kits/kitsQuery.js';
import { SITE_LIST_FILTER_FIELDS } from '../../client/shared/sites/siteListQuery.js';

/**
 * Every query parameter a page reads, by who reads it. A cached page is keyed by these only and
 * rendered from these only: any other parameter (tracking, junk, a typo) cannot make a page of its
 * own, so `?x=<random>` shares the plain page's entry. A page that starts reading a new parameter
 * must add it here, or the cache serves it the page without it.
 */
const READ_BY = {
  /** client/shared/carList/carListUrlState.ts (the plain form also sends a range as `_min`/`_max`). */
  carList: [
    'keyphrase',
    'sortName',
    'page',
    // 'Nearest first': a rounded place and its town; the plain form's postcode (never cached: pageKey.ts).
    'near',
    'nearName',
    'postcode',
    ...URL_TERM_FIELDS,
    ...URL_RANGE_FIELDS.flatMap((f) => [f, `${f}_min`, `${f}_max`]),
  ],
  /** server/pages/siteListPage.tsx and client/shared/sites/siteListQuery.ts. */
  siteList: ['q', ...SITE_LIST_FILTER_FIELDS],
  /** client/shared/kits/kitsQuery.ts (kitsQueryOf). */
  kits: ['keyphrase', 'page', ...KIT_FACETS],
  /** server/pages/storiesData.ts (storiesQueryOf): the tag chip and load-more without JavaScript. */
  stories: ['tag', 'page'],
  /** server/pages/bookingPage.tsx: the place prefill. */
  booking: ['lat', 'lng'],
  /** views/blocks/TireHotelBlock.tsx: the registration number prefill. */
  tireHotel: ['regNo'],
  /** views/blocks/HeroBlock.tsx: the hero search's current words. */
  hero: ['keyphrase'],
} as const satisfies Record<string, readonly string[]>;

/** Every name some page reads (the edge's key lists them too: deploy/nginx/edge-cache.http.conf). */
export const PAGE_PARAMETER_NAMES: readonly string[] = [...new Set(Object.values(READ_BY).flat())];
const PAGE_PARAMETERS: ReadonlySet<string> = new Set(PAGE_PARAMETER_NAMES);

/** Whether any page reads this query parameter (names are case-sensitive, as the pages read them). */
export function isPageParameter(name: string): boolean {
  return PAGE_PARAMETERS.has(name);
}
