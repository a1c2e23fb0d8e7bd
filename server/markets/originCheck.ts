import type { Request, RequestHandler } from 'express';
import type { Market } from '../../markets/schema.js';
import { normaliseHost } from './resolveMarket.js';
import { ApiError } from '../http/apiError.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the JSON API and the lead form posts: a state-changing request whose
 * `Origin` is not the origin it was sent to (scheme, host and port) is refused with 403, and so is one a
 * browser marks `Sec-Fetch-Site: cross-site` (a browser that sent no Origin still says where the post came
 * from). Requests with neither (curl, server-to-server) pass; browsers send Origin on every cross-origin
 * POST. `Origin: null` (sandboxed frames, some redirects) names no origin and is refused.
 */
export const sameOriginForUnsafeMethods: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (SAFE_METHODS.has(req.method)) return next();
  if (req.headers['sec-fetch-site'] === 'cross-site') return next(refused());
  if (origin === undefined) return next();
  const asked = ownOrigin(req, res.locals.market as Market | undefined);
  if (asked !== undefined && parsedOrigin(origin) === asked) return next();
  next(refused());
};

const refused = () => new ApiError(403, 'forbidden_origin', 'Cross-site requests are not accepted');

/**
 * The origin this request was sent to. A market's production hostnames are served over https only
 * (HSTS), whatever the balancer in front says; elsewhere the scheme is the request's own.
 */
function ownOrigin(req: Request, market: Market | undefined): string | undefined {
  if (!req.host) return undefined;
  const host = normaliseHost(req.host);
  const scheme = host !== undefined && market?.hostnames.includes(host) ? 'https' : req.protocol;
  return parsedOrigin(`${scheme}://${req.host}`);
}

/** Scheme, host and port, lower case and with a default port left out (`new URL` does both). */
function parsedOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
