import { addDays, addMonths, isAfter, isBefore, startOfMonth } from 'date-fns';

/**
 * The booking calendar's rules (part 2 §5.3, §9) on local calendar days: only available dates are
 * selectable; the months shown run from the current month to the month of the last available date.
 */

/** The local day of a date as `YYYY-MM-DD`. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` as local midnight. */
export function dayDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** The range the free days are asked for: from 3 days to 3 months ahead. */
export function availableDaysRange(today: Date): { startDate: string; endDate: string } {
  return { startDate: isoDay(addDays(today, 3)), endDate: isoDay(addMonths(today, 3)) };
}

export interface MonthLimits {
  /** Earlier months are refused at or before this one: the current month. */
  startMonth: Date;
  /** Later months are refused from the month of the last available date. */
  endMonth: Date;
  /** The month shown first: the month of the first available date. */
  firstMonth: Date;
}

export function monthLimits(today: Date, availableDays: readonly string[]): MonthLimits {
  const startMonth = startOfMonth(today);
  const sorted = [...availableDays].sort();
  const clamp = (month: Date) => (isBefore(month, startMonth) ? startMonth : month);
  const endMonth = sorted.length ? clamp(startOfMonth(dayDate(sorted[sorted.length - 1]!))) : startMonth;
  const first = sorted.length ? clamp(startOfMonth(dayDate(sorted[0]!))) : startMonth;
  return { startMonth, endMonth, firstMonth: isAfter(first, endMonth) ? endMonth : first };
}

/** A matcher for the calendar: true for a day that cannot be chosen. */
export function unavailableDay(availableDays: readonly string[]): (date: Date) => boolean {
  const free = new Set(availableDays);
  return (date) => !free.has(isoDay(date));
}
