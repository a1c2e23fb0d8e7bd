import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { metricsEndpoint } from '../../server/http/metricsEndpoint.js';
import { Metrics } from '../../server/metrics.js';

/** A full garbage collection (`gc` exposed at run time, so no node flag is needed). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** GET /metrics through the endpoint, without a server. */
async function scrape(endpoint: ReturnType<typeof metricsEndpoint>): Promise<string> {
  return new Promise((resolve) => {
    const res = {
      setHeader: () => undefined,
      writeHead: () => res,
      end: (text: string) => resolve(text),
    };
    endpoint({ method: 'GET', url: '/metrics' } as never, res as never);
  });
}

describe('metrics', () => {
  it('shows bff_ready as /readyz would answer at each scrape: 1 ready, 0 starting or draining', async () => {
    const metrics = new Metrics();
    let ready = true;
    metrics.watchReadiness(() => ready);
    expect(await scrape(metricsEndpoint(metrics.scraped))).toMatch(/^bff_ready 1$/m);
    ready = false;
    expect(await scrape(metricsEndpoint(metrics.scraped))).toMatch(/^bff_ready 0$/m);
    metrics.close();
  });

  it("shows the app's metrics and the process's default metrics in one scrape", async () => {
    const metrics = new Metrics({ defaultMetrics: true });
    metrics.cacheEvents.inc({ result: 'hit' });
    const text = await scrape(metricsEndpoint(metrics.scraped));
    metrics.close();
    expect(text).toContain('bff_search_cache_total{result="hit"} 1');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('two apps in one process both report the default metrics (collected once)', async () => {
    const first = new Metrics({ defaultMetrics: true });
    const second = new Metrics({ defaultMetrics: true });
    expect(await scrape(metricsEndpoint(second.scraped))).toContain('nodejs_eventloop_lag_seconds');
    expect(await scrape(metricsEndpoint(first.scraped))).toContain('nodejs_eventloop_lag_seconds');
    first.close();
    second.close();
  });

  it('an app closed leaves nothing that keeps its metrics (and the caches its gauges read)', async () => {
    let registry: WeakRef<object> | undefined;
    (() => {
      const metrics = new Metrics({ defaultMetrics: true });
      const cache = new Map([['k', 'v']]);
      metrics.reportCacheBytes('layout', 1024, () => cache.size);
      registry = new WeakRef(metrics.registry);
      metrics.close();
    })();
    // A WeakRef's target is kept until the current job ends: collect in a later task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(registry?.deref()).toBeUndefined();
  });
});
