import type { z } from 'zod';
import {
  SEARCH_MAX_LIMIT,
  SiteSchema,
  searchResponseOf,
  type SearchFilter,
  type SearchIndexName,
} from '../../contracts/upstream/search.js';
import type { Market } from '../../markets/schema.js';
import type { SearchCache } from '../searchCache/searchCache.js';
import type { CallContext } from '../upstream/upstreamHttp.js';

/** The search fields of a site that say where a workshop request goes. */
const DEALER_FIELDS = ['site_id', 'site_official_name', 'site_email', 'site_departments'] as const;
const DealersSchema = searchResponseOf(
  SiteSchema.pick({ site_id: true, site_official_name: true, site_email: true, site_departments: true }),
);

const WORKSHOP_FILTER: SearchFilter = { field: 'site_departments.group', values: ['Workshop'] };

/** The workshop e-mail: the Workshop department's, else the site's (part 2 §2.3). */
function dealerOf(site: z.infer<typeof DealersSchema>['content'][number]) {
  const workshop = site.site_departments.find((department) => department.group === 'Workshop');
  return { id: site.site_id, name: site.site_official_name, email: workshop?.email || site.site_email };
}

/** A site with a workshop by id, with the e-mail the hub sends the request to; null when the market has none. */
export async function findWorkshopDealer(
  cache: SearchCache,
  market: Market,
  siteId: string,
  ctx: CallContext,
): Promise<{ name: string; email: string } | null> {
  const { value } = await cache.search(
    {
      index: market.searchIndexes.sites as SearchIndexName,
      fields: [...DEALER_FIELDS],
      filters: [WORKSHOP_FILTER, { field: 'site_id', values: [siteId] }],
      limit: 1,
    },
    ctx,
  );
  const site = DealersSchema.parse(value).content[0];
  return site && site.site_id === siteId ? dealerOf(site) : null;
}

/**
 * Every site of the market with a Workshop department (limit 100), or only `siteId`'s, in the search
 * service's name order, with the e-mail each request goes to.
 */
export async function listWorkshopDealers(
  cache: SearchCache,
  market: Market,
  ctx: CallContext,
  siteId?: string,
): Promise<Array<{ id: string; name: string; email: string }>> {
  const filters: SearchFilter[] = [WORKSHOP_FILTER];
  if (siteId !== undefined) filters.push({ field: 'site_id', values: [siteId] });
  const { value } = await cache.search(
    {
      index: market.searchIndexes.sites as SearchIndexName,
      fields: [...DEALER_FIELDS],
      filters,
      limit: SEARCH_MAX_LIMIT,
      sort_name: 'name_asc',
    },
    ctx,
  );
  return DealersSchema.parse(value).content.map(dealerOf);
}
