import { z } from 'zod';

/**
 * Building blocks the upstream contracts share. Query strings arrive as text, so the numeric
 * query fields accept a numeric string (sandbox side) as well as a number (client side);
 * an empty string is refused rather than silently read as 0.
 */
export const queryNumber = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number().finite(),
);

export const latitude = queryNumber.pipe(z.number().min(-90).max(90));
export const longitude = queryNumber.pipe(z.number().min(-180).max(180));

/** `2026-03-02` */
export const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected YYYY-MM-DD');
/** `2026-03-02T00:00:00`: a day as the booking service writes it, no zone. */
export const midnightDateTime = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T00:00:00$/, 'expected YYYY-MM-DDT00:00:00');
/** `2026-03-02T08:30:00`: a local wall-clock time, no zone (the workshop's own time). */
export const localDateTime = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
    'expected YYYY-MM-DDTHH:mm:ss',
  );
/** `08:30` */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm');

/** Optional plus, then 6 to 20 digits or spaces (part 2 §5.1, §9). */
export const bookingPhone = z.string().regex(/^\+?[\d ]{6,20}$/, 'expected an optional + and 6 to 20 digits or spaces');
/** A standard address with at least a 2-letter top-level domain (part 2 §5.2). */
export const emailAddress = z
  .string()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'expected an e-mail address');
