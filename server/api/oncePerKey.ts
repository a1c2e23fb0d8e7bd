import { createHash } from 'node:crypto';
import type { SubmissionLedger } from '../searchCache/submissionLedger.js';
import { ApiError } from '../http/apiError.js';
import type { Translate } from '../../markets/translations/dictionaries.js';
import { UpstreamError } from '../upstream/upstreamError.js';

/**
 * A write the upstream would make twice if asked twice (a lead, a booking): with a key, made once per
 * key. A retry of a write that went through gets the first answer again; one arriving while the first
 * is still running answers 409 `submission_in_progress` (the client kit tries again). A write the
 * service certainly did not make frees its key for the retry; one whose outcome is unknown holds it
 * (409 `submission_unconfirmed`) for a while rather than risk a second lead or booking; one whose key
 * Redis cannot record is refused (503 `submission_unrecorded`, Retry-After). Without a key it is simply made.
 */
export async function oncePerKey<T>(
  ledger: SubmissionLedger,
  key: string | undefined,
  write: () => Promise<T>,
  options: OncePerKeyOptions,
): Promise<T> {
  if (key === undefined) return write();
  const reservation = await ledger.reserve(key);
  if (reservation === 'delivered') {
    const answer = await ledger.answerOf(key);
    if (answer !== undefined) return JSON.parse(answer) as T;
  }
  if (reservation === 'unrecorded') {
    // Redis could not record the id: refused rather than risk a second lead or booking from another replica.
    throw new ApiError(503, 'submission_unrecorded', options.t('limit.unavailable'), {
      retryAfterSeconds: UNRECORDED_RETRY_AFTER_S,
    });
  }
  if (reservation === 'unconfirmed') {
    throw new ApiError(409, 'submission_unconfirmed', options.t('submission.unconfirmed'));
  }
  if (reservation !== 'reserved')
    throw new ApiError(409, 'submission_in_progress', 'This is being sent; try again in a moment');
  let value: T;
  try {
    value = await write();
  } catch (err) {
    await (certainlyNotMade(err) ? ledger.release(key) : ledger.markUnconfirmed(key));
    throw err;
  }
  await ledger.markDelivered(key, JSON.stringify(value));
  return value;
}

/** Seconds a write refused for an unrecorded id is asked to wait: about as long as a failover or reconnection. */
const UNRECORDED_RETRY_AFTER_S = 5;

export interface OncePerKeyOptions {
  /** The shopper's language: a held write's answer is read by the shopper (the forms show it). */
  t: Translate;
}

/** The service answered with an error, the request never left, or we refused it ourselves: nothing was made. */
function certainlyNotMade(err: unknown): boolean {
  if (err instanceof UpstreamError) return err.failure === 'upstream_status' || err.notSent;
  return err instanceof ApiError;
}

/**
 * The ledger key of one write: the client's id for it, scoped to the site and service it was sent to and
 * to what it says. An id reused with another body (another shopper, another market, an edited form) is
 * another write: it never gets the first one's answer, with its personal data, nor silently drops its own.
 */
export function writeKey(id: string | undefined, scope: string, request: unknown): string | undefined {
  if (id === undefined) return undefined;
  const digest = createHash('sha256').update(JSON.stringify(request)).digest('base64url').slice(0, 22);
  return `${scope}:${id}:${digest}`;
}
