import type { CarSummary } from '../shared/cars/carSummary.js';
import { storedList } from '../storage/storedList.js';

/**
 * The cars a shopper keeps in this browser, without an account (issue 39): the saved cars they chose and
 * the cars they looked at last, in localStorage (every tab of the market's site, kept across visits). Each
 * entry is what the card showed when it was kept: enough to name a car that was sold since and to tell
 * that its price dropped; the saved-cars page shows the current price and picture from the search.
 * Nothing of it reaches the server: pages stay the same for everyone (and cached), the header's count
 * and the toggles' state are read in the browser.
 */
export interface KeptCar {
  id: string;
  slug: string;
  brand: string;
  model: string;
  variant: string;
  year: number;
  /** The /media path of the card's picture. */
  image: string;
  /** What the shopper paid when it was kept, in `currency`. */
  price: number;
  currency: CarSummary['currency'];
  /** When it was kept (ms since 1970). */
  at: number;
}

/** Saved cars are kept until the shopper takes them off: a bound, so the saved-cars page is one search (SEARCH_MAX_LIMIT). */
export const SAVED_MAX = 50;
/** Recently viewed cars, newest first: older ones fall off. */
export const RECENT_MAX = 12;
export const SAVED_STORAGE_KEY = 'savedCars';
export const RECENT_STORAGE_KEY = 'recentCars';

/** What a car card or the car page keeps of a car (no `at`: that is the moment it is kept). */
export type CarToKeep = Omit<KeptCar, 'at'>;

export function isCarToKeep(value: unknown): value is CarToKeep {
  if (typeof value !== 'object' || value === null) return false;
  const car = value as Record<keyof KeptCar, unknown>;
  return (
    typeof car.id === 'string' &&
    car.id !== '' &&
    typeof car.slug === 'string' &&
    typeof car.brand === 'string' &&
    typeof car.model === 'string' &&
    typeof car.variant === 'string' &&
    typeof car.year === 'number' &&
    typeof car.image === 'string' &&
    typeof car.price === 'number' &&
    typeof car.currency === 'string'
  );
}

export function isKeptCar(value: unknown): value is KeptCar {
  return isCarToKeep(value) && typeof (value as Partial<KeptCar>).at === 'number';
}

export const savedCars = storedList<KeptCar>({
  area: 'localStorage',
  key: SAVED_STORAGE_KEY,
  max: SAVED_MAX,
  isItem: isKeptCar,
});
export const recentCars = storedList<KeptCar>({
  area: 'localStorage',
  key: RECENT_STORAGE_KEY,
  max: RECENT_MAX,
  isItem: isKeptCar,
});

export function carToKeep(car: CarSummary): CarToKeep {
  const { id, slug, brand, model, variant, year, image, price, currency } = car;
  return { id, slug, brand, model, variant, year, image, price, currency };
}

/** 'Volvo XC60 B4 (2022)': how a toggle's name and an announcement say which car (a list often has one model of several years). */
export function carName(car: Pick<KeptCar, 'brand' | 'model' | 'variant' | 'year'>): string {
  return `${`${car.brand} ${car.model} ${car.variant}`.trim()} (${car.year})`;
}

export function isSaved(carId: string): boolean {
  return savedCars.read().some((car) => car.id === carId);
}

/** `failed`: the browser's storage would not take it (full, or refused); the toggle stays released. */
export type SaveResult = 'saved' | 'removed' | 'full' | 'failed';

/** Saves the car (newest first) or takes it off; at SAVED_MAX a new one is refused, never one dropped unasked. */
export function toggleSaved(car: CarToKeep, now = Date.now()): SaveResult {
  const cars = savedCars.read();
  if (cars.some((kept) => kept.id === car.id)) {
    savedCars.write(cars.filter((kept) => kept.id !== car.id));
    return 'removed';
  }
  if (cars.length >= SAVED_MAX) return 'full';
  savedCars.write([{ ...car, at: now }, ...cars]);
  return isSaved(car.id) ? 'saved' : 'failed';
}

export function removeSaved(carId: string): void {
  const cars = savedCars.read();
  if (cars.some((car) => car.id === carId)) savedCars.write(cars.filter((car) => car.id !== carId));
}

/** The car page's car first among the recently viewed (once; the oldest falls off past RECENT_MAX). */
export function recordViewed(car: CarToKeep, now = Date.now()): void {
  const others = recentCars.read().filter((kept) => kept.id !== car.id);
  recentCars.write([{ ...car, at: now }, ...others]);
}
