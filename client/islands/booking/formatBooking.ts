import type { SelectedService } from './bookingState.js';

/** Prices in SEK shown as 'kr' in the sv-SE format (part 2 §9): `1 234 kr`. */
export function formatPrice(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(amount);
}

/** The price a line costs: the discounted one when there is one, times the units when a unit is set (§9). */
export function lineTotal(service: SelectedService): number | null {
  const unitPrice = service.priceDiscount ?? service.price;
  if (unitPrice === null || !service.priceKnown) return null;
  return unitPrice * (service.unit ?? 1);
}

/** The sum of every line whose price is known; `complete` is false when a price is missing. */
export function bookingTotal(services: SelectedService[]): { total: number; complete: boolean } {
  let total = 0;
  let complete = true;
  for (const service of services) {
    const line = lineTotal(service);
    if (line === null) complete = false;
    else total += line;
  }
  return { total, complete };
}

/** Straight-line distance in km, for the workshop cards. */
export function distanceKm(fromLat: number, fromLng: number, toLat: number, toLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (toLat - fromLat) * rad;
  const dLng = (toLng - fromLng) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(fromLat * rad) * Math.cos(toLat * rad) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

/** `2026-03-02T08:30:00` as the shopper reads it: `måndag 2 mars 08:30`. The times are the workshop's own, so no zone is applied. */
export function formatSlot(localDateTime: string, locale: string, withTime = true): string {
  const [date, time] = localDateTime.split('T');
  const [y, m, d] = date!.split('-').map(Number);
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
  return withTime ? `${day} ${time!.slice(0, 5)}` : day;
}
