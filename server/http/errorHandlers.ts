import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ApiError, apiErrorBody } from './apiError.js';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** Unknown /api routes: JSON, never the HTML 404 page. */
export const apiNotFound: RequestHandler = (req, res) => {
  res
    .status(404)
    .json(apiErrorBody(new ApiError(404, 'not_found', `No API route ${req.method} ${req.path}`), String(req.id)));
};

/** An unknown host: a plain 404 that names no internal detail. */
export const unknownHost: RequestHandler = (req, res) => {
  if (isApi(req.path)) {
    res
      .status(404)
      .json(apiErrorBody(new ApiError(404, 'unknown_host', 'This site is not served here'), String(req.id)));
    return;
  }
  res
    .status(404)
    .type('html')
    .send(
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1></body></html>',
    );
};

/**
 * The last handler: JSON under /api, the market's error page elsewhere. Messages of unexpected
 * errors never leave the server; the request id ties what the caller saw to the log line.
 */
export function errorHandler(
  logger: Logger,
  renderServerError: (res: Parameters<RequestHandler>[1]) => void,
): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof ApiError ? err : fromHttpError(err);
    if (!known || known.status >= 500) logger.error({ err, requestId: req.id }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const apiError = known ?? new ApiError(500, 'internal_error', 'Something went wrong');
    const retryAfter = apiError.details.retryAfterSeconds;
    if (typeof retryAfter === 'number' && !res.getHeader('Retry-After')) res.set('Retry-After', String(retryAfter));
    if (isApi(req.path) || res.locals.hostMatch?.kind !== 'market') {
      res.status(apiError.status).json(apiErrorBody(apiError, String(req.id)));
      return;
    }
    if (apiError.status >= 500) renderServerError(res);
    else res.status(apiError.status).type('text').send(apiError.message);
  };
}

/** Errors raised by Express's own parsers (bad JSON, too large) carry a 4xx status: say what it was. */
function fromHttpError(err: unknown): ApiError | undefined {
  const e = err as { status?: number; type?: string; expose?: boolean };
  if (typeof e?.status !== 'number' || e.status < 400 || e.status >= 500) return undefined;
  if (e.type === 'entity.too.large') return new ApiError(413, 'payload_too_large', 'The request body is too large');
  if (e.type === 'entity.parse.failed') return new ApiError(400, 'bad_request', 'The request body is not valid JSON');
  return new ApiError(e.status, HTTP_ERROR_CODES[e.status] ?? 'bad_request', 'The request could not be read');
}

/** The code says what the status says (a 415 is not a plain bad request). */
const HTTP_ERROR_CODES: Record<number, string> = {
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  411: 'length_required',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
};
