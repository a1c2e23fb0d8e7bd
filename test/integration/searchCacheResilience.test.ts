import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import request from 'supertest';
import { type ComposedBff, TestClock } from '../../scripts/stack/composedBff.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { spawnRedis, type SpawnedRedis } from '../../scripts/stack/redisServers.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';
import { startTestStack } from '../support/testStack.js';

jest.setTimeout(30_000);

const waitFor = (condition: () => boolean) => waitUntil(condition, 'search cache condition');
const clock = new TestClock();

let sandbox: SandboxHere;
let redis: SpawnedRedis;
let bff: ComposedBff;

beforeAll(async () => {
  sandbox = await startSandboxHere();
  redis = await spawnRedis();
  bff = (
    await startTestStack({
      bff: 'app',
      sandbox,
      env: { REDIS_URL: redis.url, SEARCH_CACHE_TTL_S: '1', SEARCH_CACHE_SWR_S: '60' },
      clock,
    })
  ).bff;
  await waitFor(() => bff.redis.available() !== undefined);
});
afterAll(async () => {
  await bff.close();
  await sandbox.close();
  await redis.stop();
});

const search = (body: object) => request(bff.app).post('/api/search').set('Host', 'se.localhost').send(body);
/** Fresh answers are also kept in process (a hit with no Redis round trip); past the 1 s TTL, Redis is asked. */
const pastLocalFreshness = () => clock.advance(1_100);
const uniqueQuery = () => ({ index: 'cars', keyphrase: `audi ${randomUUID().slice(0, 6)}` });

describe('search cache with Redis coming and going', () => {
  it('answers stale at once after the TTL, refreshes once in the background, then hits', async () => {
    const body = uniqueQuery();
    expect((await search(body)).headers['x-cache']).toBe('miss');
    expect((await search(body)).headers['x-cache']).toBe('hit');
    clock.advance(1_100);
    const before = sandbox.upstreamCalls('search');
    const stale = await search(body);
    expect(stale.headers['x-cache']).toBe('stale');
    await waitFor(() => sandbox.upstreamCalls('search') === before + 1);
    // The refresh is stored just after the upstream answered: wait for the hit, then no new upstream call.
    await waitUntil(async () => (await search(body)).headers['x-cache'] === 'hit', 'refreshed answer is a hit');
    expect(sandbox.upstreamCalls('search')).toBe(before + 1);
  });

  it('counts a corrupt entry as a miss', async () => {
    const body = uniqueQuery();
    await search(body);
    const direct = createClient({ url: redis.url });
    await direct.connect();
    const keys = await direct.keys('search:v1:cars-se:*');
    for (const key of keys) await direct.set(key, '{"storedAt": "garbage"');
    await direct.close();
    await pastLocalFreshness();
    const res = await search(body);
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('miss');
  });

  it('keeps answering 200 without delay while Redis is down, and uses the cache again when it returns', async () => {
    const body = uniqueQuery();
    await search(body);
    await pastLocalFreshness();
    await redis.stop();
    // Without delay: Redis is known to be gone, so answers bypass it rather than each waiting out a deadline.
    await waitFor(() => bff.redis.available() === undefined);
    for (let i = 0; i < 5; i++) {
      const res = await search(body);
      expect(res.status).toBe(200);
      expect(res.headers['x-cache']).toBe('bypass');
    }
    await redis.start();
    await waitFor(() => bff.redis.available() !== undefined);
    expect((await search(body)).headers['x-cache']).toBe('miss');
    expect((await search(body)).headers['x-cache']).toBe('hit');
    expect((await request(bff.metricsApp).get('/readyz')).body.dependencies.redis).toBe('up');
  });
});
