import type { CarSummary } from './carSummary.js';

/** How a market shows car figures: its locale, and mil (km / 10) on the Swedish sites. */
export interface CarFormat {
  locale: string;
  mileageUnit: 'km' | 'mil';
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let known = formatters.get(key);
  if (!known) {
    known = new Intl.NumberFormat(locale, options);
    formatters.set(key, known);
  }
  return known;
}

/** A whole-number price in the car's currency, as the market writes it ('531 900 kr', '£18,995'). */
export function formatPrice(value: number, currency: CarSummary['currency'], locale: string): string {
  return formatter(locale, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(value);
}

export function formatNumber(value: number, locale: string): string {
  return formatter(locale, { maximumFractionDigits: 0 }).format(value);
}

/** The odometer in the market's unit, without the unit. */
export function mileageInUnit(km: number, unit: CarFormat['mileageUnit']): number {
  return unit === 'mil' ? Math.round(km / 10) : km;
}

export function formatMileage(km: number, format: CarFormat): string {
  return `${formatNumber(mileageInUnit(km, format.mileageUnit), format.locale)} ${format.mileageUnit}`;
}
