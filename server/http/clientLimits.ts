import type { RequestHandler, Response } from 'express';
import { ApiError, apiErrorBody } from './apiError.js';

/**
 * How many things one client has open at once, by its address. The address is Express's `req.ip`:
 * the client itself when `TRUST_PROXY` matches the deployment, the proxy's otherwise (then the cap is
 * shared by everyone behind it: set TRUST_PROXY behind a load balancer).
 */
export class PerClientCount {
  private readonly open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Counts one more for `client` and returns its release (call once), or undefined at the cap. */
  acquire(client: string | undefined): (() => void) | undefined {
    const key = client ?? '';
    const count = this.open.get(key) ?? 0;
    if (count >= this.max) return undefined;
    this.open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
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

/** Caps the requests one client has in flight (event streams included); the next one is 429 until one ends. */
export function concurrentRequestsPerClient(max: number): RequestHandler {
  const inFlight = new PerClientCount(max);
  return (req, res, next) => {
    const release = inFlight.acquire(req.ip);
    // Its own code: `too_many_requests` is the limits' refusal, whose message the forms show to the shopper; this one's is not for them.
    if (!release) return tooMany(res, 'too_many_in_flight', 'Too many requests at once from this address');
    res.once('close', release);
    next();
  };
}
