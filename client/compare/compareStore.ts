import type { Car } from '../../contracts/upstream/search.js';
import { pageLanguage } from '../api/bffFetch.js';
import { search } from '../api/search.js';
import { storedList } from '../storage/storedList.js';
import { CAR_SUMMARY_FIELDS, toCarSummary, type CarSummary, type CarSummarySource } from '../shared/cars/carSummary.js';

/**
 * The shopper's compare list (part 1 §4): at most 4 cars, kept for the session in sessionStorage
 * under the key `compare`, so it survives reloads and navigation. Every island on the page reads
 * the same list (client/storage/storedList.ts): a change reaches in-page subscribers at once and
 * other browsing contexts of the same session through the `storage` event. Corrupt or foreign
 * storage reads as an empty list (and is overwritten on the next change). Each car keeps the language its texts are in:
 * the market's languages share the storage (fi.localhost and fi.localhost/sv), so a page in another
 * language fetches them again in its own (`completeInPageLanguage`).
 */

export const COMPARE_STORAGE_KEY = 'compare';
export const COMPARE_MAX_CARS = 4;

/** The fields the compare modal sets side by side; fetched when a car is added (`/api/search`, id filter). */
export const COMPARE_DETAIL_FIELDS = [
  'car_id',
  'car_price',
  'car_year',
  'car_mileage',
  'car_fuel',
  'car_gearbox',
  'car_power',
  'car_equipment',
] as const;
export type CompareDetail = Pick<Car, (typeof COMPARE_DETAIL_FIELDS)[number]>;

export interface ComparedCar {
  id: string;
  /** What the card showed; all there is when the detail could not be fetched. */
  summary: CarSummary;
  /** null while loading or when the fetch failed (the summary is kept). */
  detail: CompareDetail | null;
  /** The page language the summary and detail were fetched in ('' when unknown). */
  language?: string;
}

export type CompareAddResult = 'added' | 'already' | 'full';

function isComparedCar(value: unknown): value is ComparedCar {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<ComparedCar>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.summary === 'object' &&
    entry.summary !== null &&
    (entry.detail === null || typeof entry.detail === 'object') &&
    (entry.language === undefined || typeof entry.language === 'string')
  );
}

const compareList = storedList<ComparedCar>({
  area: 'sessionStorage',
  key: COMPARE_STORAGE_KEY,
  max: COMPARE_MAX_CARS,
  isItem: isComparedCar,
});

/** The list now; the same array until it changes (a stable snapshot for useSyncExternalStore). */
export const readCompare = compareList.read;
const write = compareList.write;
/** Calls the listener on every change, from this page or another context of the session; returns the unsubscribe. */
export const subscribeCompare = compareList.subscribe;

export function isInCompare(carId: string): boolean {
  return readCompare().some((car) => car.id === carId);
}

/**
 * Adds a car (its card summary at once, the detail when it arrives). `fetchDetail` is replaceable
 * for tests; a failed fetch keeps the summary.
 */
export function addToCompare(
  summary: CarSummary,
  fetchDetail: (carId: string) => Promise<CompareDetail | null> = fetchCompareDetail,
): CompareAddResult {
  const cars = readCompare();
  const id = summary.id;
  if (cars.some((car) => car.id === id)) return 'already';
  if (cars.length >= COMPARE_MAX_CARS) return 'full';
  const language = pageLanguage();
  write([...cars, { id, summary, detail: null, language }]);
  void fetchDetail(id)
    .catch(() => null)
    .then((detail) => {
      if (!detail) return;
      const now = readCompare();
      if (now.some((car) => car.id === id))
        write(now.map((car) => (car.id === id ? { ...car, detail, language } : car)));
    });
  return 'added';
}

export function removeFromCompare(carId: string): void {
  const cars = readCompare();
  if (cars.some((car) => car.id === carId)) write(cars.filter((car) => car.id !== carId));
}

export function clearCompare(): void {
  if (readCompare().length > 0) write([]);
}

/** The compare fields of one car through the BFF's search in the page's language (the cache answers repeated adds). */
export async function fetchCompareDetail(carId: string): Promise<CompareDetail | null> {
  const answer = await search<CompareDetail>({
    index: 'cars',
    fields: COMPARE_DETAIL_FIELDS,
    filters: [{ field: 'car_id', values: [carId] }],
    limit: 1,
  });
  const car = answer.content[0];
  return car && car.car_id === carId && Array.isArray(car.car_equipment) ? car : null;
}

type ComparedInLanguage = Pick<ComparedCar, 'summary' | 'detail'>;

/** The summary and compare fields of several cars in the page's language, by id (one search). */
export async function fetchCompared(carIds: readonly string[]): Promise<Map<string, ComparedInLanguage>> {
  const answer = await search<CarSummarySource & CompareDetail>({
    index: 'cars',
    fields: [...new Set([...CAR_SUMMARY_FIELDS, ...COMPARE_DETAIL_FIELDS])],
    filters: [{ field: 'car_id', values: carIds }],
    limit: carIds.length,
  }).catch(() => null);
  if (!answer) return new Map();
  return new Map(
    answer.content
      .filter((car) => Array.isArray(car.car_equipment))
      .map((car) => [
        car.car_id,
        {
          summary: toCarSummary(car),
          detail: Object.fromEntries(COMPARE_DETAIL_FIELDS.map((field) => [field, car[field]])) as CompareDetail,
        },
      ]),
  );
}

/**
 * Cars chosen on a page in another of the market's languages, and cars whose detail never arrived
 * (the shopper left the page before its fetch answered, or it failed), fetched again in this page's
 * language: the modal then shows this page's words (equipment, model names) and every car's compare
 * fields. A car the search no longer has, or a failed fetch, keeps what it showed.
 */
export async function completeInPageLanguage(
  fetchCars: (carIds: readonly string[]) => Promise<Map<string, ComparedInLanguage>> = fetchCompared,
): Promise<void> {
  const language = pageLanguage();
  const needsFetch = (car: ComparedCar) => car.language !== language || car.detail === null;
  const stale = readCompare()
    .filter(needsFetch)
    .map((car) => car.id);
  if (!language || stale.length === 0) return;
  const found = await fetchCars(stale).catch(() => new Map<string, ComparedInLanguage>());
  if (found.size === 0) return;
  write(
    readCompare().map((car) => {
      const fresh = needsFetch(car) ? found.get(car.id) : undefined;
      return fresh ? { ...car, ...fresh, language } : car;
    }),
  );
}
