import type { TimeslotDay } from '../../../contracts/upstream/mechmate.js';

/** Time slots are shown in weeks, 4 weeks a page (part 2 §2.1, §9). */
export const WEEKS_PER_PAGE = 4;
/** The car left before 08:00 for the whole day is booked as 08:00 with isFullDay (§9). */
export const FULL_DAY_TIME = '08:00';

export interface SlotWeek {
  /** Monday, `YYYY-MM-DD`. */
  monday: string;
  week: number;
  days: TimeslotDay[];
}

const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Saturday and Sunday (§9). */
export const isWeekend = (day: string) => [0, 6].includes(utc(day).getUTCDay());

export function mondayOf(day: string): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return dayText(date);
}

/** ISO 8601 week number. */
export function isoWeek(day: string): number {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(date.getUTCFullYear(), 0, 4));
  return (
    1 +
    Math.round(
      ((date.getTime() - firstThursday.getTime()) / 86_400_000 - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7,
    )
  );
}

/** The days grouped into weeks (Monday first), weekend days left out, in date order. */
export function groupWeeks(days: TimeslotDay[]): SlotWeek[] {
  const weeks = new Map<string, SlotWeek>();
  for (const day of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    const date = day.date.slice(0, 10);
    if (isWeekend(date)) continue;
    const monday = mondayOf(date);
    const week = weeks.get(monday) ?? { monday, week: isoWeek(date), days: [] };
    week.days.push(day);
    weeks.set(monday, week);
  }
  return [...weeks.values()];
}

/** The booking request's timeSlot for a day and a time (or the full-day choice). */
export const slotOf = (day: TimeslotDay, time: string) => `${day.date.slice(0, 10)}T${time}:00`;

/** Today in the browser as the booking service's midnight date-time (`YYYY-MM-DDT00:00:00`). */
export function todayMidnight(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T00:00:00`;
}
