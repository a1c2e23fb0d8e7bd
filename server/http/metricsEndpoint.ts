import type { IncomingMessage, ServerResponse } from 'node:http';
import { Registry } from 'prom-client';
import type { Readiness } from './health.js';

/**
 * The operator's listener (`METRICS_PORT`), never the public app: the Prometheus scrape endpoint
 * (a market host's /metrics would show anyone the Node version, memory and every route's error
 * counts) and /readyz with each dependency's state (the public one gives the status code alone).
 * Only GET (and HEAD) of those two; anything else 404. The registries' metrics are shown together
 * (the app's and the process's, see metrics.ts), read at each scrape.
 */
export function metricsEndpoint(registries: readonly Registry[], readiness?: () => Readiness) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('x-content-type-options', 'nosniff');
    const path = req.url?.split('?')[0];
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (reading && path === '/readyz' && readiness) {
      const { statusCode, body } = readiness();
      res
        .writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        .end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
      return;
    }
    if (!reading || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const registry = registries.length === 1 ? registries[0]! : Registry.merge([...registries]);
    registry.metrics().then(
      (text) =>
        res
          .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable'),
    );
  };
}
