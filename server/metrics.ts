import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The process's Prometheus metrics, one registry per app (so tests can run apps side by side). */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Requests served, by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly upstreamCalls = new Histogram({
    name: 'bff_upstream_request_duration_seconds',
    help: 'Calls to upstream services, by service and outcome (ok, timeout, unreachable, bad_answer, status)',
    labelNames: ['service', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly cacheEvents = new Counter({
    name: 'bff_search_cache_total',
    help: 'Search cache lookups by result (hit, miss, stale, bypass)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
