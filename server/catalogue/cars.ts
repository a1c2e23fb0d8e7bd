import type { Market } from '../../markets/schema.js';
import type { CarSummary } from '../../client/shared/cars/carSummary.js';
import type { SearchCache } from '../searchCache/searchCache.js';
import { CarSchema, type Car, type SearchIndexName } from '../../contracts/upstream/search.js';
import { SEARCH_ID_FIELD } from '../../contracts/upstream/searchWords.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import { searchCarSummaries } from './carSummarySearch.js';

/** Car ids are the search service's numeric document ids ('1042'); anything else under the base path is another page. */
export const CAR_ID_PATTERN = /^\d{1,12}$/;
export const SIMILAR_CARS = 8;

/** The car id of `{base}/{id}` or `{base}/{id}/{slug}` (one trailing slash allowed), else null. */
export function carIdOfPath(path: string, carDetailBase: string, carListPath: string): string | null {
  if (!path.startsWith(`${carDetailBase}/`)) return null;
  const trimmed = path.replace(/\/$/, '');
  if (trimmed === carListPath) return null;
  const segments = trimmed.slice(carDetailBase.length + 1).split('/');
  if (segments.length > 2 || segments.some((s) => s === '')) return null;
  return CAR_ID_PATTERN.test(segments[0]!) ? segments[0]! : null;
}

/** One car by id through the search cache; null when the market has no such car. Throws when the search fails. */
export async function findCar(
  cache: SearchCache,
  market: Market,
  carId: string,
  ctx: CallContext,
): Promise<Car | null> {
  const { value } = await cache.search(
    {
      index: market.searchIndexes.cars as SearchIndexName,
      filters: [{ field: SEARCH_ID_FIELD.cars, values: [carId] }],
      limit: 1,
    },
    ctx,
  );
  const found = value.content[0];
  if (found === undefined) return null;
  return CarSchema.parse(found);
}

/**
 * Up to 8 cars like this one: the same body type, cars of the same brand first (the shopper looks
 * at an estate; another estate of that brand is the closest match, any estate the next). The search
 * cannot OR across fields, so it is two cached searches, merged, without the car itself.
 */
export async function findSimilarCars(
  cache: SearchCache,
  market: Market,
  car: Car,
  ctx: CallContext,
): Promise<CarSummary[]> {
  const limit = SIMILAR_CARS + 1;
  const [sameBrand, sameBody] = await Promise.all([
    searchCarSummaries(
      cache,
      market,
      {
        limit,
        filters: [
          { field: 'car_body', values: [car.car_body] },
          { field: 'car_brand', values: [car.car_brand] },
        ],
      },
      ctx,
    ),
    searchCarSummaries(
      cache,
      market,
      { limit: limit * 2, filters: [{ field: 'car_body', values: [car.car_body] }] },
      ctx,
    ),
  ]);
  const seen = new Set([car.car_id]);
  const similar: CarSummary[] = [];
  for (const summary of [...sameBrand, ...sameBody]) {
    if (similar.length === SIMILAR_CARS) break;
    if (seen.has(summary.id)) continue;
    seen.add(summary.id);
    similar.push(summary);
  }
  return similar;
}
