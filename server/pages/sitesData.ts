import type { Response } from 'express';
import type { z } from 'zod';
import type { CarSummary } from '../../client/shared/cars/carSummary.js';
import { SITE_CARD_FIELDS, type SiteCardData } from '../../client/shared/sites/siteCard.js';
import { siteSearchBody } from '../../client/shared/sites/siteListQuery.js';
import type { SiteSelectionBlockSchema } from '../../contracts/upstream/content.js';
import {
  SiteSchema,
  searchResponseOf,
  type SearchFilter,
  type SearchIndexName,
  type Site,
} from '../../contracts/upstream/search.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { BlockLoadRequest } from './blockLoadRequest.js';
import { searchCarSummaries } from '../catalogue/carSummarySearch.js';
import type { PageDeps } from './pageDeps.js';

/** The site list shows its search box above this many sites (part 1 §9). */
export const SITE_SEARCH_THRESHOLD = 8;
/** Latest arrivals on a site page. */
export const SITE_LATEST_CARS = 12;

const SiteCardsSchema = searchResponseOf(
  SiteSchema.pick(
    Object.fromEntries(SITE_CARD_FIELDS.map((f) => [f, true])) as Record<(typeof SITE_CARD_FIELDS)[number], true>,
  ),
);
const SitesSchema = searchResponseOf(SiteSchema);

type SearchDeps = Pick<PageDeps, 'searchCache'>;
const sitesIndex = (res: Response) => res.locals.market.searchIndexes.sites as SearchIndexName;

/** Site cards of a query (the site list's own builder, client/shared/sites/siteListQuery.ts), through the search cache. */
export async function searchSiteCards(
  deps: SearchDeps,
  res: Response,
  query: { filters?: readonly SearchFilter[]; keyphrase?: string; limit?: number },
  ctx: CallContext,
): Promise<{ sites: SiteCardData[]; total: number }> {
  const body = siteSearchBody(query.keyphrase ?? '', query.filters ?? []);
  const { value } = await deps.searchCache.search(
    { ...body, index: sitesIndex(res), limit: query.limit ?? body.limit },
    ctx,
  );
  const parsed = SiteCardsSchema.parse(value);
  return { sites: parsed.content, total: parsed.total_items };
}

/** The site selection block: its predefined query (the editor's filters and limit; 4 by default). */
export async function loadSiteSelection(
  block: z.infer<typeof SiteSelectionBlockSchema>,
  { res, ctx, deps }: BlockLoadRequest,
): Promise<SiteCardData[]> {
  return (await searchSiteCards(deps, res, { filters: block.filters, limit: block.limit }, ctx)).sites;
}

export interface SiteListData {
  sites: SiteCardData[];
  /** Every site of the market (the search box shows above SITE_SEARCH_THRESHOLD). */
  allCount: number;
  keyphrase: string;
}

/** The site list: every site (up to 100), or those matching the shopper's search (`?q=`) and the URL's filters. */
export async function loadSiteList(
  deps: SearchDeps,
  res: Response,
  keyphrase: string,
  ctx: CallContext,
  filters: readonly SearchFilter[] = [],
): Promise<SiteListData> {
  const all = searchSiteCards(deps, res, {}, ctx);
  const matching = keyphrase || filters.length > 0 ? searchSiteCards(deps, res, { keyphrase, filters }, ctx) : all;
  const [everySite, found] = await Promise.all([all, matching]);
  return { sites: found.sites, allCount: everySite.total, keyphrase };
}

/** One site by its slug in any case, or null when the market has none. */
export async function findSiteBySlug(
  deps: SearchDeps,
  res: Response,
  slug: string,
  ctx: CallContext,
): Promise<Site | null> {
  const { value } = await deps.searchCache.search(
    { index: sitesIndex(res), filters: [{ field: 'slug', values: [slug] }], limit: 1 },
    ctx,
  );
  const site = SitesSchema.parse(value).content[0];
  // The search folds case and diacritics: another case of the slug is the same site (the route
  // redirects it to the slug's own spelling); another letter is not.
  return site && site.slug.toLowerCase() === slug.toLowerCase() ? site : null;
}

/** The site's newest cars (latest arrivals), up to 12. */
export async function latestCarsOf(
  deps: SearchDeps,
  res: Response,
  site: Site,
  ctx: CallContext,
): Promise<CarSummary[]> {
  const request = {
    filters: [{ field: 'car_site_id', values: [site.site_id] }],
    sort_name: 'newest' as const,
    limit: SITE_LATEST_CARS,
  };
  return searchCarSummaries(deps.searchCache, res.locals.market, request, ctx);
}
