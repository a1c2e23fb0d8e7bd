import type { TirehotelConfirmation } from '../../../contracts/upstream/tirehotel.js';
import { dayDate } from './calendarRules.js';
import { clockOf } from './timeSlots.js';

/** 'tisdag 1 december 2026 09:00', or only the day for a full-day booking (the workshop calls back with a time). */
export function appointmentText(
  confirmation: Pick<TirehotelConfirmation, 'appointmentTime' | 'isFullDay'>,
  locale: string,
): string {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(
    dayDate(confirmation.appointmentTime.slice(0, 10)),
  );
  return confirmation.isFullDay ? day : `${day} ${clockOf(confirmation.appointmentTime)}`;
}
