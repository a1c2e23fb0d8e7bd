import type { SearchFilter } from '../../../contracts/upstream/search.js';
import { search } from '../../api/search.js';
import { toCarSummary, type CarSummarySource } from '../../shared/cars/carSummary.js';
import { carListFetchBodies, type CarListState } from '../../shared/carList/carListUrlState.js';
import type { CarListResults } from '../../shared/carList/carListResults.js';

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
  const pages = await Promise.all(bodies.map((body) => search<CarSummarySource>(body, signal)));
  return {
    cars: pages.flatMap((p) => p.content.map(toCarSummary)),
    facets: pages[0]?.facet ?? [],
    total: pages[0]?.total_items ?? 0,
    failed: false,
  };
}
