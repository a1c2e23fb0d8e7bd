import type { TimeslotsResponse } from '../../../contracts/upstream/tirehotel.js';

/** The start times of one day (part 2 §9): deduplicated and sorted; each a local `YYYY-MM-DDTHH:mm:ss`. */
export function dayStartTimes(answer: TimeslotsResponse, day: string): string[] {
  const starts = answer.availableTimeSlotDates
    .filter((entry) => entry.date === day)
    .flatMap((entry) => entry.startTime);
  return [...new Set(starts)].filter((start) => start.startsWith(day)).sort();
}

/** `2026-03-02T08:30:00` → `08:30`. */
export const clockOf = (startTime: string): string => startTime.slice(11, 16);
