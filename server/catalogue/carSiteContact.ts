import type { Market } from '../../markets/schema.js';
import type { SearchCache } from '../searchCache/searchCache.js';
import { SiteSchema, searchResponseOf, type Car, type SearchIndexName } from '../../contracts/upstream/search.js';
import { SEARCH_ID_FIELD } from '../../contracts/upstream/searchWords.js';
import type { CallContext } from '../upstream/upstreamHttp.js';

const ContactSchema = searchResponseOf(SiteSchema.pick({ site_phone: true, site_email: true }));

export interface TeamContact {
  phone: string;
  email: string;
}

/** The car's first seller: who to contact when the selling site cannot be looked up. */
export function sellerContact(car: Car): TeamContact {
  return { phone: car.car_sellers[0]?.phone ?? '', email: car.car_sellers[0]?.email ?? '' };
}

/**
 * The phone and e-mail of the site selling the car (the finance card's apology asks the shopper to
 * call or write to that team), through the search cache; the first seller's when the site is unknown.
 */
export async function carSiteContact(
  cache: SearchCache,
  market: Market,
  car: Car,
  ctx: CallContext,
): Promise<TeamContact> {
  const { value } = await cache.search(
    {
      index: market.searchIndexes.sites as SearchIndexName,
      fields: ['site_phone', 'site_email'],
      filters: [{ field: SEARCH_ID_FIELD.sites, values: [car.car_site_id] }],
      limit: 1,
    },
    ctx,
  );
  const site = ContactSchema.parse(value).content[0];
  return site ? { phone: site.site_phone, email: site.site_email } : sellerContact(car);
}
