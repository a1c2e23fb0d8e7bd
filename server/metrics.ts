import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DependencyProbe } from './http/health.js';

/**
 * prom-client's default metrics (CPU, memory, GC, event-loop lag, handles) describe the process, and what
 * they start cannot be stopped: a GC observer and an event-loop monitor with no off switch, which keep the
 * registry they were given for the rest of the process, and with it every metric in it (the cache gauges'
 * collect callbacks reach the app's caches). So they are collected once a process, into a registry of their
 * own that an app's /metrics adds to its own: an app closed (tests and scripts start several in one
 * process) leaves nothing behind.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The app's Prometheus metrics, one registry per app (so tests can run apps side by side). */
export class Metrics {
  readonly registry = new Registry();

  /** What /metrics shows: this app's registry, then the process's default metrics when the app reports them. */
  readonly scraped: readonly Registry[];

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

  readonly upstreamErrors = new Counter({
    name: 'bff_upstream_errors_total',
    help: 'Failed upstream calls by service and cause (timeout, unreachable, bad_answer, status_4xx, status_5xx)',
    labelNames: ['service', 'cause'] as const,
    registers: [this.registry],
  });

  readonly redisFaults = new Counter({
    name: 'bff_redis_faults_total',
    help: 'Redis commands that failed other than by a miss, by kind (oom, readonly, moved, clusterdown, loading, timeout, connection, ...)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: 'bff_rate_limit_refusals_total',
    help: 'Attempts refused (429) by an abuse or brute-force limit, by limit (RATE_LIMIT_<NAME>, docs/security.md)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  readonly openEventStreams = new Gauge({
    name: 'bff_open_event_streams',
    help: 'Event streams (the workshop stream) open to browsers now',
    registers: [this.registry],
  });

  private readonly cacheSizes = new Map<string, () => number>();

  readonly cacheBytes = new Gauge({
    name: 'bff_cache_bytes',
    help: 'Bytes each in-process cache holds (heap caches estimated; see docs/architecture.md, Memory budget)',
    labelNames: ['cache'] as const,
    registers: [this.registry],
    collect: () => {
      for (const [cache, bytes] of this.cacheSizes) this.cacheBytes.set({ cache }, bytes());
    },
  });

  readonly cacheBudgetBytes = new Gauge({
    name: 'bff_cache_budget_bytes',
    help: "Each in-process cache's share of the memory budget, in bytes",
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });

  readonly memoryBudgetBytes = new Gauge({
    name: 'bff_memory_budget_bytes',
    help: 'The memory budget (MEMORY_BUDGET_MB, else the cgroup limit, else the default)',
    registers: [this.registry],
  });

  /** Event-loop delay since the previous scrape: what every request waited before it could run. */
  private readonly loopDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  readonly eventLoopLag = new Gauge({
    name: 'bff_event_loop_lag_seconds',
    help: 'Event-loop delay since the previous scrape, by quantile (0.5, 0.99, 1 = max)',
    labelNames: ['quantile'] as const,
    registers: [this.registry],
    collect: () => {
      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      this.eventLoopLag.set({ quantile: '0.5' }, seconds(this.loopDelay.percentile(50)));
      this.eventLoopLag.set({ quantile: '0.99' }, seconds(this.loopDelay.percentile(99)));
      this.eventLoopLag.set({ quantile: '1' }, seconds(this.loopDelay.max));
      this.loopDelay.reset();
    },
  });

  /** Read from the dependencies' probes at each scrape (the same state /readyz names). */
  private dependencyProbes: readonly DependencyProbe[] = [];

  readonly dependencyUp = new Gauge({
    name: 'bff_dependency_up',
    help: 'Whether a configured dependency answers its health check now (1) or not (0), by dependency (redis)',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
    collect: () => {
      for (const probe of this.dependencyProbes) {
        const state = probe.state();
        // Degraded still answers: its faults have a counter of their own (bff_redis_faults_total).
        if (state !== 'not_configured') this.dependencyUp.set({ dependency: probe.name }, state === 'down' ? 0 : 1);
      }
    },
  });

  watchDependencies(probes: readonly DependencyProbe[]): void {
    this.dependencyProbes = probes;
  }

  /** Read at each scrape: what /readyz answers (alerts tell a replica stuck starting or draining from one that is gone). */
  private isReady: () => boolean = () => false;

  readonly ready: Gauge = new Gauge({
    name: 'bff_ready',
    help: 'Whether /readyz answers 200 now (1), or 503 while starting or draining (0)',
    registers: [this.registry],
    collect: () => this.ready.set(this.isReady() ? 1 : 0),
  });

  watchReadiness(isReady: () => boolean): void {
    this.isReady = isReady;
  }

  constructor(options: { defaultMetrics?: boolean } = {}) {
    this.scraped = options.defaultMetrics ? [this.registry, processMetrics()] : [this.registry];
    this.loopDelay.enable();
  }

  /** A cache's bytes, read at each scrape, and its share of the budget. */
  reportCacheBytes(cache: string, budgetBytes: number, bytes: () => number): void {
    this.cacheSizes.set(cache, bytes);
    this.cacheBudgetBytes.set({ cache }, budgetBytes);
  }

  close(): void {
    this.loopDelay.disable();
  }
}
