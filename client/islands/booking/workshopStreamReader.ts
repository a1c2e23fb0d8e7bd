import { createParser } from 'eventsource-parser';
import { bffFetch } from '../../api/bffFetch.js';

/**
 * How one load of the workshop stream went: refused each time it was tried (or with a refusal that
 * names no wait), never opened (no answer), or opened and then ended (by the reader, the server, or a
 * broken connection).
 */
export type StreamOutcome = { kind: 'refused' } | { kind: 'unreachable' } | { kind: 'ended' };

/** Refusals that say when to come back (Retry-After): the server's streams all in use (503), this address's (429). */
const WAIT_STATUSES = new Set([429, 503]);
/** One load tries this many times in all before the shopper gets the error (and its retry button). */
export const STREAM_ATTEMPTS = 4;
/** A wait longer than this is not waited out in front of the shopper: the error shows instead. */
const MAX_WAIT_S = 30;

/** How long to wait before asking again after a refusal, from its Retry-After in seconds; undefined: do not ask again. */
export function retryWaitMs(status: number, retryAfter: string | null): number | undefined {
  if (!WAIT_STATUSES.has(status) || retryAfter === null || !/^\d{1,6}$/.test(retryAfter.trim())) return undefined;
  const seconds = Number(retryAfter);
  return seconds <= MAX_WAIT_S ? Math.max(1, seconds) * 1000 : undefined;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Reads the workshop event stream at `url` with fetch (the browser's EventSource shows neither the
 * status nor the Retry-After of a refusal): each message's data goes to `onMessage`, which returns
 * false once it wants no more. A refusal with Retry-After is asked again after that wait, up to
 * STREAM_ATTEMPTS times, so a shopper arriving while the server's streams are all in use gets the
 * workshops a few seconds later instead of an error; the server's `retry:` and heartbeats are ignored.
 */
export async function readWorkshopStream(
  url: string,
  onMessage: (data: string) => boolean,
  options: { signal: AbortSignal; fetch?: typeof fetch; wait?: (ms: number, signal: AbortSignal) => Promise<void> },
): Promise<StreamOutcome> {
  const get = options.fetch ?? bffFetch;
  const wait = options.wait ?? sleep;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await get(url, {
        headers: { accept: 'text/event-stream' },
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch {
      return { kind: 'unreachable' };
    }
    if (response.ok) return read(response, onMessage, options.signal);
    await response.body?.cancel().catch(() => undefined);
    const waitMs = retryWaitMs(response.status, response.headers.get('retry-after'));
    if (waitMs === undefined || attempt >= STREAM_ATTEMPTS) return { kind: 'refused' };
    await wait(waitMs, options.signal);
    if (options.signal.aborted) return { kind: 'ended' };
  }
}

/** Feeds the body to the parser until it ends, breaks, or `onMessage` has had enough. */
async function read(
  response: Response,
  onMessage: (data: string) => boolean,
  signal: AbortSignal,
): Promise<StreamOutcome> {
  if (!response.body) return { kind: 'ended' }; // 204: the page was finished already
  let wanted = true;
  const parser = createParser({ onEvent: (event) => void (wanted &&= onMessage(event.data)) });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (wanted && !signal.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    /* the connection broke: the stream ended where it was */
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { kind: 'ended' };
}
