import { jest } from '@jest/globals';
import { createClient } from 'redis';
import request from 'supertest';
import { CarSchema, SEARCH_RANGE_FIELDS, SEARCH_TERM_FIELDS } from '../../contracts/upstream/search.js';
import { stackForThisFile } from '../support/testStack.js';
import { testRedisUrl } from '../support/testRedis.js';

jest.setTimeout(120_000);

// One BFF behind a proxy (TRUST_PROXY: X-Forwarded-For names the client), its pages and searches in the
// shared Redis under prefixes this file owns, with budgets of 1 MB of each per client (a quarter of the
// defaults: the same bound, passed with 60 links and 40 searches instead of 200 and 300), in a window longer than the test (on a
// busy machine it can take more than the default minute).
const prefix = `test:budget:${process.pid}:${Date.now()}:`;
const PAGES = `${prefix}page:`;
const SEARCHES = `${prefix}search:`;
const harness = stackForThisFile({
  bff: 'app',
  env: {
    PAGE_CACHE: 'true',
    PAGE_CACHE_TTL_S: '120',
    REDIS_URL: testRedisUrl,
    PAGE_CACHE_REDIS_PREFIX: PAGES,
    SEARCH_CACHE_REDIS_PREFIX: SEARCHES,
    TRUST_PROXY: '1',
    STORE_BUDGET_PAGES: '1/3600',
    STORE_BUDGET_SEARCHES: '1/3600',
  },
});
const BUDGET = 1024 * 1024;
const redis = createClient({ url: testRedisUrl });
beforeAll(() => redis.connect());
afterAll(async () => {
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length > 0) await redis.unlink(keys);
  await redis.quit();
});

/** What the keys under a prefix take in Redis: each key's MEMORY USAGE (value, key and Redis's own records). */
async function redisBytes(keyPrefix: string): Promise<{ keys: number; bytes: number }> {
  let keys = 0;
  let bytes = 0;
  for await (const found of redis.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 500 })) {
    for (const key of found) {
      keys += 1;
      bytes += Number(await redis.sendCommand(['MEMORY', 'USAGE', key, 'SAMPLES', '0']));
    }
  }
  return { keys, bytes };
}
/** Until the caches have written what they keep (a search answer is kept after it is sent). */
async function settled(): Promise<void> {
  await harness.bff.pageCache!.settled();
  await harness.bff.searchCache.settled();
}
const page = (path: string, client: string) =>
  request(harness.bff.app).get(path).set('Host', 'se.localhost').set('X-Forwarded-For', client);

describe('what one client can make Redis keep', () => {
  it('60 deep car-list links with distinct values: at most two searches each, and no more than its budget of pages and of searches', async () => {
    const [pagesBefore, searchesBefore] = [await redisBytes(PAGES), await redisBytes(SEARCHES)];
    const sizes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const before = harness.sandbox.upstreamCalls('search');
      const res = await page(`/kop-bil/sok-bil?page=20&car_price_min=${100_000 + i}`, '203.0.113.9');
      expect(res.status).toBe(200);
      expect(harness.sandbox.upstreamCalls('search') - before).toBeLessThanOrEqual(2);
      sizes.push(res.text.length);
    }
    await settled();
    const [pages, searches] = [await redisBytes(PAGES), await redisBytes(SEARCHES)];
    // The page a deep link gets is no larger than a first page (under the largest page the cache keeps, 256 KB).
    expect(Math.max(...sizes)).toBeLessThan(256 * 1024);
    // Kept until the client's budget was spent, then served without being kept.
    expect(pages.keys - pagesBefore.keys).toBeGreaterThan(0);
    expect(pages.bytes - pagesBefore.bytes).toBeLessThanOrEqual(BUDGET);
    expect(searches.bytes - searchesBefore.bytes).toBeLessThanOrEqual(BUDGET);
    console.log(
      `60 deep links: ${pages.keys - pagesBefore.keys} pages (${pages.bytes - pagesBefore.bytes} bytes) and ${searches.keys - searchesBefore.keys} searches (${searches.bytes - searchesBefore.bytes} bytes) kept in Redis; pages of ${Math.min(...sizes)}–${Math.max(...sizes)} bytes`,
    );
    // Another client has a budget of its own.
    expect((await page('/kop-bil/sok-bil?page=20&car_price_min=99999', '198.51.100.4')).headers['x-cache']).toBe(
      'miss',
    );
  });

  it('40 distinct maximal searches (100 cars, every field, every facet): no more than its budget', async () => {
    const before = await redisBytes(SEARCHES);
    const fields = Object.keys(CarSchema.shape).slice(0, 60);
    const facets = [...SEARCH_TERM_FIELDS.cars, ...SEARCH_RANGE_FIELDS.cars].slice(0, 30);
    let largest = 0;
    const search = async (i: number) => {
      const res = await request(harness.bff.app)
        .post('/api/search')
        .set('Host', 'se.localhost')
        .set('X-Forwarded-For', '203.0.113.77')
        .send({
          index: 'cars',
          fields,
          facets,
          limit: 100,
          filters: [{ field: 'car_price', values: [0, 20_000_000 + i] }],
        });
      expect(res.status).toBe(200);
      largest = Math.max(largest, res.text.length);
    };
    // Four at a time, as a script would.
    for (let i = 0; i < 40; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].map(search));
    await settled();
    const after = await redisBytes(SEARCHES);
    expect(after.keys - before.keys).toBeGreaterThan(0);
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(BUDGET);
    console.log(
      `40 maximal searches (answers up to ${largest} bytes): ${after.keys - before.keys} kept in Redis, ${after.bytes - before.bytes} bytes`,
    );
  });
});
