/**
 * Where a shopper is, as coarsely as 'nearest first' needs: a position (the browser's, or a postcode's place) is
 * rounded to a grid of 0.05° (about 5.6 km north to south; 2.8 km east to west in Stockholm, 3.4 km in
 * Birmingham) before it goes anywhere: into a URL, a search, a cache key or a log line. Everyone in one cell asks
 * the same search, so the answer is kept once per cell, and nothing finer than the cell is ever stored.
 */
export interface GeoPoint {
  lat: number;
  lng: number;
}

const CELLS_PER_DEGREE = 20;

const toGrid = (degrees: number) => Number((Math.round(degrees * CELLS_PER_DEGREE) / CELLS_PER_DEGREE).toFixed(2));

export function roundedPlace(point: GeoPoint): GeoPoint {
  return { lat: toGrid(point.lat), lng: toGrid(point.lng) };
}

/** `near=59.35,18.05` in a URL: a rounded point, or undefined for anything else. */
export function parseNear(text: string | null | undefined): GeoPoint | undefined {
  const m = text ? /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(text.trim()) : null;
  if (!m) return undefined;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return roundedPlace({ lat, lng });
}

export function nearText(point: GeoPoint): string {
  const rounded = roundedPlace(point);
  return `${rounded.lat},${rounded.lng}`;
}
