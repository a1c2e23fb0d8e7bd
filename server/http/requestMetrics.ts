import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics.js';

/** Times every request and labels it with its route pattern (never the raw path: it would explode the series). */
export function requestMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const route =
        res.locals.metricsRoute ??
        // The mount as written, not as spelled: Express matches a mount in any letter case.
        (req.route
          ? `${req.baseUrl.toLowerCase()}${String(req.route.path)}`
          : res.statusCode === 404
            ? 'not_found'
            : 'other');
      metrics.httpRequests.observe(
        { route, method: req.method, status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
