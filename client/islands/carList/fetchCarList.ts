import type { SearchFilter, SearchResponse } from '../../../contracts/upstream/search.js';
import { bffFetch } from '../../api/bffFetch.js';
import { toCarSummary, type CarSummarySource } from '../../cars/carSummary.js';
import { EMPTY_STATE, carListFetchBodies, carListQuery, type CarListState } from './carListUrlState.js';
import type { CarListResults } from './carListTypes.js';

async function searchPage(body: object, signal: AbortSignal): Promise<SearchResponse> {
  const res = await bffFetch('/api/search', { method: 'POST', json: body, signal });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  return (await res.json()) as SearchResponse;
}

/**
 * Pages `fromPage`..`toPage` of a state through /api/search, in as few requests as it allows (carListFetchBodies:
 * page 0 as the server searched it, so that one is the server's cache entry). Facets come with page 0 only.
 */
export async function fetchCarList(
  state: CarListState,
  signal: AbortSignal,
  defaults: readonly SearchFilter[],
  fromPage = 0,
  toPage = state.page,
): Promise<CarListResults> {
  const bodies = carListFetchBodies(state, defaults, fromPage, toPage);
  const pages = await Promise.all(bodies.map((body) => searchPage(body, signal)));
  return {
    cars: pages.flatMap((p) => p.content.map((doc) => toCarSummary(doc as unknown as CarSummarySource))),
    facets: pages[0]?.facet ?? [],
    total: pages[0]?.total_items ?? 0,
    failed: false,
  };
}

/** Whether a state narrows the list (a keyphrase or any filter); sort and page do not. */
export function narrowsList(state: CarListState): boolean {
  return carListQuery({ ...state, sortName: null, page: 0 }) !== carListQuery(EMPTY_STATE);
}

/**
 * A search that found no car keeps the facets of the whole list, so the shopper can widen or undo
 * the filters instead of facing a lone apply button. `wholeList` answers the unfiltered list (a cache,
 * a fetch, the server's search).
 */
export async function withFacetsToUndo(
  state: CarListState,
  results: CarListResults,
  wholeList: () => Promise<CarListResults>,
): Promise<CarListResults> {
  if (results.total > 0 || results.failed || !narrowsList(state)) return results;
  return { ...results, facets: (await wholeList()).facets };
}
