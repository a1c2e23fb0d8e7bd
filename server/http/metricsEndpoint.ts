import type { IncomingMessage, ServerResponse } from 'node:http';
import { Registry } from 'prom-client';

/**
 * The Prometheus scrape endpoint, served on its own listener (`METRICS_PORT`) and never by the public
 * app: a market host's /metrics would show anyone the Node version, memory and every route's error
 * counts. Only GET /metrics; anything else 404. The registries' metrics are shown together (the app's and
 * the process's, see metrics.ts), read at each scrape.
 */
export function metricsEndpoint(registries: readonly Registry[]) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('x-content-type-options', 'nosniff');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const registry = registries.length === 1 ? registries[0]! : Registry.merge([...registries]);
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable'),
    );
  };
}
