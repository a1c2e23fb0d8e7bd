/**
 * When the booking page's parts show and may be used (part 2 §4.3, §5.3). `slots` is the chosen
 * day's start times: undefined while loading or before a date, null when loading failed.
 */
export interface BookingChoice {
  date: string | null;
  slots: readonly string[] | null | undefined;
  time: string | null;
}

/**
 * The contact fields show once a date is chosen and its times have loaded without error: then
 * either there are no times (the workshop calls back with one) or the shopper picks one.
 */
export function contactFieldsVisible({ date, slots }: BookingChoice): boolean {
  return date !== null && Array.isArray(slots);
}

/** 'Genomför bokning' needs a date, a time when the day has times, valid contact fields, and no call under way. */
export function canBook(choice: BookingChoice, fieldsValid: boolean, busy: boolean): boolean {
  if (busy || !fieldsValid || !contactFieldsVisible(choice)) return false;
  const slots = choice.slots as readonly string[];
  return slots.length === 0 || (choice.time !== null && slots.includes(choice.time));
}
