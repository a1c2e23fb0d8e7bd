import type { RequestHandler } from 'express';
import { ApiError } from './apiError.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the JSON API: a state-changing request whose `Origin`
 * names another host than the one it was sent to is refused with 403. Requests without Origin
 * (curl, server-to-server) pass; browsers always send it on cross-origin POSTs. `Origin: null`
 * (sandboxed frames, some redirects) names no host and is refused.
 */
export const sameOriginForUnsafeMethods: RequestHandler = (req, _res, next) => {
  const origin = req.headers.origin;
  if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
  if (originHost(origin) === req.host?.toLowerCase()) return next();
  next(new ApiError(403, 'forbidden_origin', 'Cross-site requests are not accepted'));
};

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
