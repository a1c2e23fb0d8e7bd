import { callBff, readBffError, type BffFailure, type BffResult } from '../api/bffCall.js';
import type { BffInit } from '../api/bffFetch.js';

/**
 * POSTs JSON and retries what may succeed on a second try: a network error or a 5xx, up to
 * `attempts` times, `delayMs` apart, always with the same body (so a lead keeps its
 * formSubmissionId). A 4xx is the server's final word and is never retried. The outcome is the
 * one result shape of client/api/bffCall.ts, of the last attempt.
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
    if (attempt < attempts) await wait(options.delayMs ?? DEFAULT_RETRY_DELAY_MS);
  }
  return last ?? readBffError(null, null);
}
