import { jest } from '@jest/globals';
import pino from 'pino';
import { request } from 'undici';
import { CAR_SUMMARY_FIELDS } from '../../client/shared/cars/carSummary.js';
import { SearchCache } from '../../server/searchCache/searchCache.js';
import { connectRedis } from '../../server/store/redisConnection.js';
import { Metrics } from '../../server/metrics.js';
import { createUpstreams } from '../../server/upstream/upstreams.js';
import { stackForThisFile } from '../support/testStack.js';
import { listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

const peers = stackForThisFile({ bff: 'app', env: { PAGE_CACHE: 'true', MEMORY_BUDGET_MB: '256' } });
let server: Awaited<ReturnType<typeof listen>>;
// The scrape is on the operator's own listener (METRICS_PORT), never on a market host.
let metricsServer: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(peers.bff.app);
  metricsServer = await listen(peers.bff.metricsApp);
});
afterAll(async () => {
  await server.close();
  await metricsServer.close();
});

const CACHES = [
  'page',
  'page_fast_path',
  'search_local',
  'search_store',
  'search_parsed',
  'search_fast_path',
  'layout',
  'submission_ledger',
];

async function cacheGauges(): Promise<Record<string, { bytes: number; budget: number }>> {
  const text = await (await request(`${metricsServer.origin}/metrics`)).body.text();
  const value = (name: string, cache: string) =>
    Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
  return Object.fromEntries(
    CACHES.map((cache) => [
      cache,
      { bytes: value('bff_cache_bytes', cache), budget: value('bff_cache_budget_bytes', cache) },
    ]),
  );
}

describe('the memory budget in /metrics', () => {
  it("shows each cache's bytes beside its share, within it, after pages and searches filled them", async () => {
    for (const path of ['/', '/kop-bil/sok-bil', '/kop-bil/sok-bil'])
      await (await request(`${server.origin}${path}`, { headers: { host: 'se.localhost' } })).body.dump();
    const search = {
      method: 'POST',
      headers: { host: 'se.localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'cars', limit: 12 }),
    } as const;
    for (let i = 0; i < 2; i++) await (await request(`${server.origin}/api/search`, search)).body.dump();
    const gauges = await cacheGauges();
    expect(Object.values(gauges).every((g) => Number.isFinite(g.bytes) && g.bytes <= g.budget)).toBe(true);
    for (const filled of ['page', 'search_local', 'search_store', 'search_parsed', 'layout'])
      expect(gauges[filled]!.bytes).toBeGreaterThan(0);
    expect(gauges.page!.budget).toBe(16 * 1024 * 1024);
    const text = await (await request(`${metricsServer.origin}/metrics`)).body.text();
    expect(text).toMatch(/^bff_memory_budget_bytes 268435456$/m);
  });
});

describe('parsed search answers', () => {
  it('are bounded by their estimated heap bytes, not by a count: the oldest is let go and parsed again', async () => {
    const metrics = new Metrics();
    const logger = pino({ level: 'silent' });
    const cache = new SearchCache({
      // Without Redis: the answers in a process tier of their own.
      redis: connectRedis(undefined, logger),
      redisPrefix: '',
      shares: { searchLocal: 8 * 1024 * 1024, searchMemoryStore: 8 * 1024 * 1024, searchParsed: 150_000 },
      client: createUpstreams(peers.bff.config, logger, metrics).search,
      ttlMs: 60_000,
      staleWhileRevalidateMs: 0,
      metrics,
      logger,
    });
    // Six car-list answers of about 23 KB each: estimated at twice that, no more than three fit.
    const pageOf = (page: number) =>
      cache.search({ index: 'cars-se', fields: [...CAR_SUMMARY_FIELDS], limit: 48, offset: page * 48 });
    const first = (await pageOf(0)).value;
    for (let page = 1; page < 6; page++) await pageOf(page);
    expect(cache.parsedBytes).toBeGreaterThan(0);
    expect(cache.parsedBytes).toBeLessThanOrEqual(150_000);
    const last = (await pageOf(5)).value;
    expect((await pageOf(5)).value).toBe(last);
    expect((await pageOf(0)).value).not.toBe(first);
    expect((await pageOf(0)).value).toEqual(first);
  });
});
