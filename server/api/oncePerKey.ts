import type { SubmissionLedger } from '../cache/submissionLedger.js';
import { ApiError } from '../http/apiError.js';

/**
 * A write the upstream would make twice if asked twice (a booking): with a key, made once per key.
 * A retry of a write that went through gets the first answer again; one arriving while the first is
 * still running answers 409 `submission_in_progress` (the client kit tries again); a failed write
 * frees its key for the retry. Without a key it is simply made.
 */
export async function oncePerKey<T>(ledger: SubmissionLedger, key: string | undefined, write: () => Promise<T>): Promise<T> {
  if (key === undefined) return write();
  const reservation = await ledger.reserve(key);
  if (reservation === 'delivered') {
    const answer = await ledger.answerOf(key);
    if (answer !== undefined) return JSON.parse(answer) as T;
  }
  if (reservation !== 'reserved') throw new ApiError(409, 'submission_in_progress', 'This booking is being sent; try again in a moment');
  try {
    const value = await write();
    await ledger.markDelivered(key, JSON.stringify(value));
    return value;
  } catch (err) {
    await ledger.release(key);
    throw err;
  }
}
