import type { SearchIndexKind } from './search.js';

// The search service's words a browser needs too, apart from the contract's zod schemas (search.ts), so that
// an island that only compares or names fields does not load zod.

/**
 * How the service compares term values and keyphrases: case and diacritics folded, so 'Škoda', 'skoda' and 'SKODA'
 * meet; ø and æ do not decompose in Unicode.
 */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The field whose filter keeps the order of its values. */
export const SEARCH_ID_FIELD = { cars: 'car_id', sites: 'site_id', kits: 'kitId' } as const satisfies Record<
  SearchIndexKind,
  string
>;

/**
 * Great-circle distance in km between two points (haversine on a 6,371 km sphere): how `distance_asc` orders
 * cars and what a card says, so the order and the figures agree.
 */
export function greatCircleKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
