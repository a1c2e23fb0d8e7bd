import { CAR_SUMMARY_FIELDS, toCarSummary, type CarSummary } from '../../client/shared/cars/carSummary.js';
import type { Market } from '../../markets/schema.js';
import { deepFreeze, type SearchCache } from '../searchCache/searchCache.js';
import {
  CarSchema,
  searchResponseOf,
  type SearchIndexName,
  type SearchRequest,
  type SearchResponse,
} from '../../contracts/upstream/search.js';
import type { CallContext } from '../upstream/upstreamHttp.js';

/** The search answer projected to what a card needs, checked (a car missing a card field is a bad answer). */
const CarSummaryResponseSchema = searchResponseOf(
  CarSchema.pick(
    Object.fromEntries(CAR_SUMMARY_FIELDS.map((f) => [f, true])) as Record<(typeof CAR_SUMMARY_FIELDS)[number], true>,
  ),
);

/**
 * Car cards for a query on the market's car index, through the search cache: the one way server pages
 * (teasers, a site's latest arrivals, similar cars) get cards. Throws when the search fails.
 */
export async function searchCarSummaries(
  cache: SearchCache,
  market: Market,
  request: Omit<SearchRequest, 'index' | 'fields'>,
  ctx: CallContext,
): Promise<CarSummary[]> {
  return (await searchCarSummaryPage(cache, market, request, ctx)).cars;
}

type CarSummaryPage = Readonly<{ cars: CarSummary[]; facets: SearchResponse['facet']; total: number }>;

/** The same with the answer's facets and total, for the car list. */
export async function searchCarSummaryPage(
  cache: SearchCache,
  market: Market,
  request: Omit<SearchRequest, 'index' | 'fields'>,
  ctx: CallContext,
): Promise<CarSummaryPage> {
  const { value } = await cache.search(
    { ...request, index: market.searchIndexes.cars as SearchIndexName, fields: [...CAR_SUMMARY_FIELDS] },
    ctx,
  );
  let page = summaryPages.get(value);
  if (!page) {
    const checked = CarSummaryResponseSchema.parse(value);
    page = deepFreeze({ cars: checked.content.map(toCarSummary), facets: checked.facet, total: checked.total_items });
    summaryPages.set(value, page);
  }
  return page;
}

/** Checked and projected once per cached answer (the cache hands out one frozen value per answer); read-only, like the answer. */
const summaryPages = new WeakMap<SearchResponse, CarSummaryPage>();
