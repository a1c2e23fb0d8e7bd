import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import request from 'supertest';
import { createTestApp } from '../support/testApp.js';
import { startSandboxPeer } from '../support/sandboxPeer.js';

jest.setTimeout(30_000);

/** A Redis of this test's own on its own port, so stopping it disturbs no other test. */
const REDIS_PORT = 6391;
function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  return new Promise((resolve) => setTimeout(() => resolve(child), 300));
}
function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

let sandbox: Awaited<ReturnType<typeof startSandboxPeer>>;
let redisServer: ChildProcess;
let bff: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  sandbox = await startSandboxPeer();
  redisServer = await startRedis();
  bff = createTestApp(
    { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, SEARCH_CACHE_TTL_S: '1', SEARCH_CACHE_SWR_S: '60' },
    { sandboxUrl: sandbox.url },
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
const pastLocalFreshness = () => new Promise((r) => setTimeout(r, 1_100));
const uniqueQuery = () => ({ index: 'cars', keyphrase: `audi ${randomUUID().slice(0, 6)}` });

describe('search cache with Redis coming and going', () => {
  it('answers stale at once after the TTL, refreshes once in the background, then hits', async () => {
    const body = uniqueQuery();
    expect((await search(body)).headers['x-cache']).toBe('miss');
    expect((await search(body)).headers['x-cache']).toBe('hit');
    await new Promise((r) => setTimeout(r, 1_100));
    const before = sandbox.upstreamCalls('search');
    const stale = await search(body);
    expect(stale.headers['x-cache']).toBe('stale');
    await waitFor(() => sandbox.upstreamCalls('search') === before + 1);
    await new Promise((r) => setTimeout(r, 50));
    expect((await search(body)).headers['x-cache']).toBe('hit');
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
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      const res = await search(body);
      timings.push(Date.now() - started);
      expect(res.status).toBe(200);
      expect(res.headers['x-cache']).toBe('bypass');
    }
    expect(Math.max(...timings)).toBeLessThan(500);
    redisServer = await startRedis();
    await waitFor(() => bff.redis.available() !== undefined, 10_000);
    expect((await search(body)).headers['x-cache']).toBe('miss');
    expect((await search(body)).headers['x-cache']).toBe('hit');
    expect((await request(bff.metricsApp).get('/readyz')).body.dependencies.redis).toBe('up');
  });
});
