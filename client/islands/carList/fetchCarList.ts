import type { SearchFilter } from '../../../contracts/upstream/search.js';
import { search } from '../../api/search.js';
import { cardQuotes } from '../../api/cardQuotes.js';
import { toCarSummary, type CarSummarySource } from '../../shared/cars/carSummary.js';
import { carListFetchBodies, type CarListState } from '../../shared/carList/carListUrlState.js';
import type { CarListResults } from '../../shared/carList/carListResults.js';

/**
 * Pages `fromPage`..`toPage` of a state through /api/search, in as few requests as it allows (carListFetchBodies:
 * page 0 as the server searched it, so that one is the server's cache entry). Facets come with page 0 only.
 * `quoted`: the cards' finance quotes are asked for too (the UK).
 */
export async function fetchCarList(
  state: CarListState,
  signal: AbortSignal,
  defaults: readonly SearchFilter[],
  fromPage = 0,
  toPage = state.page,
  quoted = false,
): Promise<CarListResults> {
  const bodies = carListFetchBodies(state, defaults, fromPage, toPage);
  const pages = await Promise.all(bodies.map((body) => search<CarSummarySource>(body, signal)));
  const cars = pages.flatMap((p) => p.content.map(toCarSummary));
  // The UK's cards show a payment only with its representative quote (client/cars/CardMonthlyPrice.tsx).
  const quotes = quoted && cars.length > 0 ? await cardQuotes(cars, signal) : {};
  return {
    cars: quoted ? cars.map((car) => (quotes[car.id] ? { ...car, quote: quotes[car.id] } : car)) : cars,
    facets: pages[0]?.facet ?? [],
    total: pages[0]?.total_items ?? 0,
    failed: false,
  };
}
