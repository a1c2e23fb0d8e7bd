import type { ReviewRequest } from '../../../contracts/upstream/tirehotel.js';

/** Stars 1 to 5 (part 2 §9). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The review sent for a rating: no comment is asked for; the date is the moment of sending (ISO). */
export function reviewOf(rating: number, now: Date): ReviewRequest {
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX)
    throw new RangeError(`rating ${rating} is not 1 to 5`);
  return { rating, comment: null, date: now.toISOString() };
}
