import type { Request, RequestHandler, Response } from 'express';
import { ApiError, apiErrorBody } from './apiError.js';

/**
 * How many things one client has open at once, by the client's key (its address, an IPv6 client's /64; see
 * `clientKey` of `concurrentRequestsPerClient`). Past the cap, up to
 * `maxWaiting` more may wait for one of the client's places, in order, each handed the place the moment
 * one of the client's ends.
 */
export class PerClientCount {
  private readonly open = new Map<string, number>();
  private readonly waiting = new Map<string, Array<(release: () => void) => void>>();

  constructor(
    readonly max: number,
    private readonly maxWaiting = 0,
  ) {}

  /** Counts one more for `client` and returns its release (call once), or undefined at the cap. */
  acquire(client: string | undefined): (() => void) | undefined {
    const key = client ?? '';
    const count = this.open.get(key) ?? 0;
    if (count >= this.max) return undefined;
    this.open.set(key, count + 1);
    return this.releaseOf(key);
  }

  /**
   * Counts one more for `client`, waiting up to `waitMs` at the cap (or until `signal` aborts) for one of
   * its places; undefined when none came, or when `maxWaiting` of its requests wait already.
   */
  acquireWithin(client: string | undefined, waitMs: number, signal?: AbortSignal): Promise<(() => void) | undefined> {
    const key = client ?? '';
    const now = this.acquire(key);
    const line = this.waiting.get(key) ?? [];
    if (now || line.length >= this.maxWaiting || signal?.aborted) return Promise.resolve(now);
    return new Promise((resolve) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', leave);
        const at = line.indexOf(take);
        if (at < 0) return;
        line.splice(at, 1);
        if (line.length === 0) this.waiting.delete(key);
        resolve(undefined);
      };
      const take = (release: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', leave);
        resolve(release);
      };
      const timer = setTimeout(leave, waitMs);
      // The request's socket keeps the process up while it waits; the timer alone does not.
      timer.unref();
      signal?.addEventListener('abort', leave, { once: true });
      line.push(take);
      this.waiting.set(key, line);
    });
  }

  private releaseOf(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const line = this.waiting.get(key);
      const next = line?.shift();
      if (line?.length === 0) this.waiting.delete(key);
      // The place passes straight to the next one waiting: the count stays as it is.
      if (next) return next(this.releaseOf(key));
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}

/** A client at its cap (or turned away from a full process) waits this long before trying again. */
const RETRY_AFTER_S = 5;

/** 429 in the API's error shape, with Retry-After: this client has too much open. */
export function tooMany(res: Response, code: string, message: string): void {
  refuse(res, 429, code, message);
}

/** 503 in the API's error shape, with Retry-After: this process has too much open, from every client together. */
export function full(res: Response, code: string, message: string): void {
  refuse(res, 503, code, message);
}

function refuse(res: Response, status: number, code: string, message: string): void {
  res.status(status).setHeader('Retry-After', String(RETRY_AFTER_S));
  res.setHeader('Cache-Control', 'no-store');
  res.json(apiErrorBody(new ApiError(status, code, message), String(res.req.id)));
}

// Its own code: `too_many_requests` is the limits' refusal, whose message the forms show to the shopper; this one's is not for them.
const IN_FLIGHT_CODE = 'too_many_in_flight';
const IN_FLIGHT_MESSAGE = 'Too many requests at once from this address';

/** A request that got no in-flight place: 429 `too_many_in_flight` (thrown in a route, the API's error handler answers it). */
export class InFlightRefused extends ApiError {
  constructor() {
    super(429, IN_FLIGHT_CODE, IN_FLIGHT_MESSAGE, { retryAfterSeconds: RETRY_AFTER_S });
    this.name = 'InFlightRefused';
  }
}

/** Answers a request that got no in-flight place. */
export function refuseInFlight(res: Response): void {
  tooMany(res, IN_FLIGHT_CODE, IN_FLIGHT_MESSAGE);
}

/**
 * One request's place among its client's in-flight requests, taken by `claim` (at most once, however
 * often it is called) and given back when the answer closes. A request that a cache may answer claims
 * only when it turns out to need work (a transform, a render, an upstream call): a cached answer costs
 * almost nothing and never counts.
 */
export class InFlightPlace {
  private claimed: Promise<void> | undefined;
  private release: (() => void) | undefined;
  private readonly gone = new AbortController();

  constructor(
    private readonly places: PerClientCount,
    private readonly client: string | undefined,
    private readonly waitMs: number,
    res: Response,
  ) {
    res.once('close', () => {
      this.gone.abort();
      this.release?.();
    });
  }

  /** Resolves once the request holds its place; rejects with InFlightRefused (Retry-After set) when none came in time. */
  readonly claim = (): Promise<void> => {
    this.claimed ??= this.places.acquireWithin(this.client, this.waitMs, this.gone.signal).then((release) => {
      if (!release) throw new InFlightRefused();
      if (this.gone.signal.aborted) release();
      else this.release = release;
    });
    return this.claimed;
  };
}

/**
 * Caps the requests one client has in flight (event streams included). Past the cap a request waits up
 * to `waitMs` for one of its client's places (as many may wait as the cap), then is 429: a wait as long
 * as the refusal's Retry-After costs the client nothing more, saves the round trip, and saves a picture,
 * which a browser never asks for again once its `<img>` was refused. Requests `cacheFirst` names (a
 * picture variant, a search, a page the page cache may hold) are let through uncounted: their handlers
 * claim the place (`res.locals.inFlight.claim()`) only when the cache misses.
 */
export function concurrentRequestsPerClient(
  max: number,
  options: {
    waitMs: number;
    /**
     * The key the other per-client limits count by (proxyTrust's `limitKey`): the client itself when
     * `TRUST_PROXY` matches the deployment, the proxy otherwise; an IPv6 client's whole /64, which is one customer.
     */
    clientKey: (req: Request) => string;
    cacheFirst?: (req: Request) => boolean;
  },
): RequestHandler {
  const inFlight = new PerClientCount(max, max);
  return (req, res, next) => {
    const place = new InFlightPlace(inFlight, options.clientKey(req), options.waitMs, res);
    res.locals.inFlight = place;
    if (options.cacheFirst?.(req)) return next();
    place.claim().then(
      () => next(),
      () => answerRefusal(res),
    );
  };
}

/** Claims the request's in-flight place before work; false (and answered 429) when it got none. */
export async function claimOrRefuse(res: Response): Promise<boolean> {
  try {
    await res.locals.inFlight?.claim();
    return true;
  } catch {
    answerRefusal(res);
    return false;
  }
}

/** The 429, unless the client has gone meanwhile. */
function answerRefusal(res: Response): void {
  if (!res.headersSent && !res.destroyed) refuseInFlight(res);
}
