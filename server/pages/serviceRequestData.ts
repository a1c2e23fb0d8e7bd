import type { z } from 'zod';
import type { ServiceRequestFormBlockSchema } from '../../contracts/upstream/content.js';
import { SEARCH_MAX_LIMIT, SiteSchema, searchResponseOf, type SearchFilter, type SearchIndexName } from '../../contracts/upstream/search.js';
import type { ServiceDealer, ServiceRequestData } from '../../client/islands/serviceRequest/serviceRequestTypes.js';
import type { BlockLoadRequest } from './blockData.js';

const DEALER_FIELDS = ['site_id', 'site_official_name', 'site_email', 'site_departments'] as const;
const DealersSchema = searchResponseOf(SiteSchema.pick({ site_id: true, site_official_name: true, site_email: true, site_departments: true }));

/** The workshop e-mail: the Workshop department's, else the site's (part 2 §2.3). */
function dealerOf(site: z.infer<typeof DealersSchema>['content'][number]): ServiceDealer {
  const workshop = site.site_departments.find((department) => department.group === 'Workshop');
  return { name: site.site_official_name, email: workshop?.email || site.site_email };
}

/**
 * The service request's dealers: every site with a Workshop department (limit 100; the motorcycle dealer
 * too, as part 2 §2.3 says), or on a page of type 'mc' the one motorcycle dealer the block names (a
 * motorcycle request goes nowhere else), in the page language's alphabetical order (Norwegian puts
 * Ålesund last, where the search service's folded order puts it first). No dealer at all is a failed
 * load: the block is left out.
 */
export async function loadServiceRequest(block: z.infer<typeof ServiceRequestFormBlockSchema>, { res, ctx, deps, pageType }: BlockLoadRequest): Promise<ServiceRequestData> {
  const typeMC = pageType === 'mc';
  if (typeMC && !block.motorcycleDealerSiteId) throw new Error('an mc page needs the block to name its motorcycle dealer');
  const filters: SearchFilter[] = [{ field: 'site_departments.group', values: ['Workshop'] }];
  if (typeMC) filters.push({ field: 'site_id', values: [block.motorcycleDealerSiteId!] });
  const { value } = await deps.searchCache.search(
    { index: res.locals.market.searchIndexes.sites as SearchIndexName, fields: [...DEALER_FIELDS], filters, limit: SEARCH_MAX_LIMIT, sort_name: 'name_asc' },
    ctx,
  );
  const sites = DealersSchema.parse(value).content;
  const seen = new Set<string>();
  const byName = new Intl.Collator(res.locals.language).compare;
  // One option per workshop e-mail: the select's value is the e-mail the hub gets.
  const dealers = sites.map(dealerOf).filter((dealer) => !seen.has(dealer.email) && seen.add(dealer.email)).sort((a, b) => byName(a.name, b.name));
  if (dealers.length === 0) throw new Error(typeMC ? 'the motorcycle dealer was not found' : 'no site has a workshop');
  return { dealers, typeMC };
}
