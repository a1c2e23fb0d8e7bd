import { callBff, readBffError, type BffFailure, type BffResult } from '../api/bffCall.js';
import type { BffInit } from '../api/bffFetch.js';

/**
 * POSTs JSON and retries what may succeed on a second try: a network error or a 5xx, up to
 * `attempts` times, `delayMs` apart or after the 5xx's Retry-After when it asks for longer (a lead
 * refused while Redis is away, 503 `submission_unrecorded`, asks for 5 s: sooner is refused again),
 * always with the same body (so a lead keeps its formSubmissionId). A 4xx is the server's final word
 * and is never retried. The outcome is the one result shape of client/api/bffCall.ts, of the last attempt.
 */
export interface PostOptions {
  attempts?: number;
  delayMs?: number;
  signal?: AbortSignal;
  /** What sends each attempt: bffFetch (tests give their own). */
  fetch?: (path: string, init: BffInit) => Promise<Response>;
  wait?: (ms: number) => Promise<void>;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_RETRY_DELAY_MS = 1000;
/** The longest a 5xx's Retry-After is waited for between attempts: the shopper watches the form send meanwhile. */
const MAX_RETRY_AFTER_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function postJsonWithRetries(
  url: string,
  body: unknown,
  options: PostOptions = {},
): Promise<BffResult<unknown>> {
  const wait = options.wait ?? sleep;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  // One text for every attempt: the same bytes each time.
  const init: BffInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  };
  let last: BffFailure | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const outcome = await callBff<unknown>(url, init, { send: options.fetch });
    if (outcome.ok) return outcome;
    last = outcome;
    if (outcome.status !== null && outcome.status < 500) return outcome;
    const delayMs = options.delayMs ?? DEFAULT_RETRY_DELAY_MS;
    const askedMs = Math.min(MAX_RETRY_AFTER_MS, (outcome.retryAfterS ?? 0) * 1000);
    if (attempt < attempts) await wait(Math.max(delayMs, askedMs));
  }
  return last ?? readBffError(null, null);
}
