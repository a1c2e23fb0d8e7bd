import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import request from 'supertest';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, TestClock } from '../support/testApp.js';
import { startSandboxPeer } from '../support/sandboxPeer.js';
import { waitUntil } from '../support/waitUntil.js';

jest.setTimeout(30_000);

/** A free port on this machine, for a Redis of this test's own (so stopping it disturbs no other test or run). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
let REDIS_PORT = 0;
/** Starts the Redis and resolves once it answers. */
async function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitUntil(async () => {
    const probe = createClient({ url: `redis://127.0.0.1:${REDIS_PORT}` });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      await probe.close();
      return true;
    } catch {
      probe.destroy();
      return false;
    }
  }, 'own redis answering');
  return child;
}
function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
const waitFor = (condition: () => boolean) => waitUntil(condition, 'search cache condition');
const clock = new TestClock();

let sandbox: Awaited<ReturnType<typeof startSandboxPeer>>;
let redisServer: ChildProcess;
let bff: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  sandbox = await startSandboxPeer();
  REDIS_PORT = await freePort();
  redisServer = await startRedis();
  bff = createTestApp(
    { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, SEARCH_CACHE_TTL_S: '1', SEARCH_CACHE_SWR_S: '60' },
    { sandboxUrl: sandbox.url, clock },
  );
  await waitFor(() => bff.redis.available() !== undefined);
});
afterAll(async () => {
  await bff.close();
  await sandbox.close();
  if (redisServer.exitCode === null) await stopRedis(redisServer);
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
    const direct = createClient({ url: `redis://127.0.0.1:${REDIS_PORT}` });
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
    await stopRedis(redisServer);
    // Without delay: Redis is known to be gone, so answers bypass it rather than each waiting out a deadline.
    await waitFor(() => bff.redis.available() === undefined);
    for (let i = 0; i < 5; i++) {
      const res = await search(body);
      expect(res.status).toBe(200);
      expect(res.headers['x-cache']).toBe('bypass');
    }
    redisServer = await startRedis();
    await waitFor(() => bff.redis.available() !== undefined);
    expect((await search(body)).headers['x-cache']).toBe('miss');
    expect((await search(body)).headers['x-cache']).toBe('hit');
    expect((await request(bff.metricsApp).get('/readyz')).body.dependencies.redis).toBe('up');
  });
});
