import type { z } from 'zod';
import type { ServiceRequestFormBlockSchema } from '../../contracts/upstream/content.js';
import {
  SEARCH_MAX_LIMIT,
  SiteSchema,
  searchResponseOf,
  type SearchFilter,
  type SearchIndexName,
} from '../../contracts/upstream/search.js';
import type { Market } from '../../markets/schema.js';
import type { BlockDataByType } from '../../views/blocks/blockProps.js';
import type { SearchCache } from '../cache/searchCache.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { BlockLoadRequest } from './blockData.js';

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
 * The service request's dealers: every site with a Workshop department (limit 100; the motorcycle dealer
 * too, as part 2 §2.3 says), or on a page of type 'mc' the one motorcycle dealer the block names (a
 * motorcycle request goes nowhere else), in the page language's alphabetical order (Norwegian puts
 * Ålesund last, where the search service's folded order puts it first). No dealer at all is a failed
 * load: the block is left out.
 */
export async function loadServiceRequest(
  block: z.infer<typeof ServiceRequestFormBlockSchema>,
  { res, ctx, deps, pageType }: BlockLoadRequest,
): Promise<BlockDataByType['serviceRequestForm']> {
  const typeMC = pageType === 'mc';
  if (typeMC && !block.motorcycleDealerSiteId)
    throw new Error('an mc page needs the block to name its motorcycle dealer');
  const filters: SearchFilter[] = [WORKSHOP_FILTER];
  if (typeMC) filters.push({ field: 'site_id', values: [block.motorcycleDealerSiteId!] });
  const { value } = await deps.searchCache.search(
    {
      index: res.locals.market.searchIndexes.sites as SearchIndexName,
      fields: [...DEALER_FIELDS],
      filters,
      limit: SEARCH_MAX_LIMIT,
      sort_name: 'name_asc',
    },
    ctx,
  );
  const sites = DealersSchema.parse(value).content;
  const seen = new Set<string>();
  const byName = new Intl.Collator(res.locals.language).compare;
  // One option per workshop e-mail; the browser gets only the site id and name (the BFF looks the e-mail up again on submit).
  const dealers = sites
    .map(dealerOf)
    .filter((dealer) => !seen.has(dealer.email) && seen.add(dealer.email))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => byName(a.name, b.name));
  if (dealers.length === 0) throw new Error(typeMC ? 'the motorcycle dealer was not found' : 'no site has a workshop');
  return { dealers, typeMC };
}
