import type { SearchFacet } from '../../../contracts/upstream/search.js';
import type { CarSummary } from '../cars/carSummary.js';
import { EMPTY_STATE, carListQuery, type CarListState } from './carListUrlState.js';

/** Why 'nearest first' has no place to measure from: a postcode no one knows, or the look-up failed. */
export interface NearProblem {
  kind: 'postcodeUnknown' | 'placeFailed';
  /** As typed, shown back in its field (the page that shows it is never cached). */
  postcode: string;
}

/** What a search of pages 0..N answered; `failed` shows the error state (a failing search reads as empty). */
export interface CarListResults {
  /** The cars of pages `fromPage`..N. */
  cars: CarSummary[];
  facets: SearchFacet[];
  total: number;
  failed: boolean;
  /**
   * The page of the first car (0 when left out). A deep link (`?page=N`) is rendered on the server with
   * page N's cars alone, so it costs what the first page does; the island then fetches the pages before it.
   */
  fromPage?: number;
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
