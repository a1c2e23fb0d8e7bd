import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrorBody, ApiError } from './apiError.js';
import { requestIdFor } from './requestLogging.js';
import type { HeaderSetter } from './security.js';

/**
 * The app's outermost request listener: a request target (path and query) longer than `maxBytes` is
 * answered 414 before anything reads it, the fast paths included. No page or API of ours needs a
 * long URL, and every step after this one (routing, redirects, the page cache key) costs at least
 * its length; refusing here bounds that work for all of them.
 */
export function limitRequestTarget(options: { maxBytes: number; securityHeaders: HeaderSetter }) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    // `req.url` is the target as sent, read one character per byte.
    if ((req.url ?? '').length <= options.maxBytes) return next();
    options.securityHeaders(req, res, () => {
      const requestId = requestIdFor(req);
      const body = JSON.stringify(
        apiErrorBody(
          new ApiError(414, 'uri_too_long', `The request target is longer than ${options.maxBytes} bytes`),
          requestId,
        ),
      );
      res.writeHead(414, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-request-id': requestId,
        connection: 'close',
      });
      res.end(body);
    });
  };
}
