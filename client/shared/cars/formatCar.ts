import type { CarSummary } from './carSummary.js';
import { numberFormat } from '../format/intlFormats.js';

/** How a market shows car figures: its locale, and its distance unit (markets/*.ts `distanceUnit`). */
export interface CarFormat {
  locale: string;
  /** km; Swedish mil (10 km); or miles (the UK). */
  mileageUnit: 'km' | 'mil' | 'mi';
}

const KM_PER_MILE = 1.609344;
/** The unit as written after a figure. */
const UNIT_TEXT: Record<CarFormat['mileageUnit'], string> = { km: 'km', mil: 'mil', mi: 'miles' };

/** A whole-number price in the car's currency, as the market writes it ('531 900 kr', '£18,995'). */
export function formatPrice(value: number, currency: CarSummary['currency'], locale: string): string {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(value);
}

/** A monthly payment: whole as offers print it ('4 690 kr'), with pence where a quote has them ('£394.33'). */
export function formatPayment(value: number, currency: CarSummary['currency'], locale: string): string {
  const digits = Number.isInteger(value) ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A distance in km (an odometer, a range) in the market's unit, without the unit. */
export function mileageInUnit(km: number, unit: CarFormat['mileageUnit']): number {
  if (unit === 'mil') return Math.round(km / 10);
  if (unit === 'mi') return Math.round(km / KM_PER_MILE);
  return km;
}

/** A distance typed in the market's unit, in km for the search service (whole km, so an end is never a fraction). */
export function kmFromUnit(value: number, unit: CarFormat['mileageUnit']): number {
  if (unit === 'mil') return Math.round(value * 10);
  if (unit === 'mi') return Math.round(value * KM_PER_MILE);
  return Math.round(value);
}

/** The unit as written after a figure ('mil', 'km', 'miles'). */
export function distanceUnitText(unit: CarFormat['mileageUnit']): string {
  return UNIT_TEXT[unit];
}

/** A distance already in the market's unit, with the unit: '5 000 mil'. */
export function formatDistance(valueInUnit: number, format: CarFormat): string {
  return `${formatNumber(valueInUnit, format.locale)} ${UNIT_TEXT[format.mileageUnit]}`;
}

/** A distance in km as the market writes it: '4 531 mil', '61,690 km', '38,333 miles'. */
export function formatMileage(km: number, format: CarFormat): string {
  return formatDistance(mileageInUnit(km, format.mileageUnit), format);
}
