import { Counter, Gauge, type Registry } from 'prom-client';

export type PageCacheResult = 'hit' | 'miss' | 'stale' | 'bypass';

/** The `route` label of a page answered from the cache in `bff_http_request_duration_seconds`, by Express or the fast path. */
export const PAGE_CACHE_ROUTE = 'page_cache';

/** Page cache figures in /metrics: answers by result, the hit ratio since start, and what the local copy holds. */
export class PageCacheMetrics {
  private readonly counts: Record<PageCacheResult, number> = { hit: 0, miss: 0, stale: 0, bypass: 0 };
  private readonly events: Counter<'result'>;

  constructor(registry: Registry, stats: () => { bytes: number; entries: number }) {
    this.events = new Counter({
      name: 'bff_page_cache_total',
      help: 'Page answers by page cache result (hit, miss, stale, bypass)',
      labelNames: ['result'] as const,
      registers: [registry],
    });
    const counts = this.counts;
    new Gauge({
      name: 'bff_page_cache_hit_ratio',
      help: 'Share of cacheable page answers served from the cache (hit or stale) since start',
      registers: [registry],
      collect() {
        const served = counts.hit + counts.stale;
        this.set(served + counts.miss === 0 ? 0 : served / (served + counts.miss));
      },
    });
    new Gauge({
      name: 'bff_page_cache_bytes',
      help: 'Bytes of pages held in this process (brotli, gzip and identity)',
      registers: [registry],
      collect() {
        this.set(stats().bytes);
      },
    });
    new Gauge({
      name: 'bff_page_cache_entries',
      help: 'Pages held in this process',
      registers: [registry],
      collect() {
        this.set(stats().entries);
      },
    });
  }

  record(result: PageCacheResult): void {
    this.counts[result]++;
    this.events.inc({ result });
  }
}
