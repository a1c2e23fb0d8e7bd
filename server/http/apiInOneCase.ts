import type { RequestHandler } from 'express';
import { ApiError, apiErrorBody } from './apiError.js';

/** `/api` in any letter case, as Express's case-blind routing would match it. */
const API_ANY_CASE = /^\/api(?:\/|$)/i;

/**
 * `/api` is matched in one case only: `/API/stories` or `/Api/search` answers 404 in the API's error shape.
 * Express routes case-blind, so other spellings reached the API (and a prerender of `/LOGOUT` or `/API/...`
 * slipped past the speculation rules, which match as written), and each spelling was a metric series of its
 * own (12 spellings made 99): the 404 is labelled `not_found`.
 */
export function apiInOneCase(): RequestHandler {
  return (req, res, next) => {
    if (!API_ANY_CASE.test(req.path) || req.path.startsWith('/api')) return next();
    res.locals.metricsRoute = 'not_found';
    res
      .status(404)
      .set('Cache-Control', 'no-store')
      .json(apiErrorBody(new ApiError(404, 'not_found', `No API route ${req.method} ${req.path}`), String(req.id)));
  };
}
