import type { RequestHandler } from 'express';
import type { Market } from '../../markets/schema.js';
import type { CompiledRedirects } from './compile-redirects.js';
import { resolveRedirect } from './resolve-redirect.js';
import { redirectTo } from '../http/safeLocation.js';

/**
 * Answers 301 for old paths of the market resolved by earlier middleware (`res.locals.market`).
 * GET and HEAD only: a redirected POST would lose its body.
 */
export function createRedirectMiddleware(compiled: CompiledRedirects): RequestHandler {
  return (req, res, next) => {
    const market = res.locals.market as Market | undefined;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !market) return next();
    const found = resolveRedirect(compiled, market.id, req.originalUrl);
    if (!found) return next();
    // Not res.redirect: the location is already encoded exactly once (safeLocation keeps escapes as they are).
    redirectTo(res, 301, found.location);
  };
}
