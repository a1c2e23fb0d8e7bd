import { jest } from '@jest/globals';
import { createClient } from 'redis';
import request from 'supertest';
import { spawnRedis, type SpawnedRedis } from '../../scripts/stack/redisServers.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';
import { startTestStack } from '../support/testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

jest.setTimeout(90_000);

let sandbox: SandboxHere;
let full: SpawnedRedis;
let replica: SpawnedRedis;
const apps: Array<ComposedBff> = [];

beforeAll(async () => {
  [full, sandbox] = await Promise.all([
    spawnRedis(['--maxmemory', '1mb', '--maxmemory-policy', 'noeviction']),
    startSandboxHere(),
  ]);
  replica = await spawnRedis(['--replicaof', '127.0.0.1', String(full.port)]);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await sandbox?.close();
  await replica?.stop();
  await full?.stop();
});

/** A BFF on `redisUrl`, its page cache on (a page it renders is written to Redis), Redis answering its PINGs. */
async function bffOn(redisUrl: string) {
  const bff = (await startTestStack({ bff: 'app', sandbox, env: { REDIS_URL: redisUrl, PAGE_CACHE: 'true' } })).bff;
  apps.push(bff);
  await waitUntil(async () => (await readyz(bff)).body.dependencies.redis === 'up', 'redis up', { everyMs: 100 });
  return bff;
}
/** The operator's /readyz, with each dependency's state (METRICS_PORT's listener). */
const readyz = (bff: ComposedBff) => request(bff.metricsApp).get('/readyz');
const faultCount = async (bff: ComposedBff, kind: string) =>
  Number(
    new RegExp(`^bff_redis_faults_total\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(
      (await request(bff.metricsApp).get('/metrics')).text,
    )?.[1] ?? 0,
  );
const page = (bff: ComposedBff, path: string) => request(bff.app).get(path).set('Host', 'se.localhost');

/** Writes filler into the Redis until it refuses for memory (maxmemory with noeviction). */
async function fill(url: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for (let i = 0; i < 1_000; i += 1) {
      const refused = await client.set(`filler:${i}`, 'x'.repeat(16_384)).then(
        () => false,
        (err: Error) => err.message.startsWith('OOM'),
      );
      if (refused) return;
    }
    throw new Error('Redis never refused a write for memory');
  } finally {
    client.destroy();
  }
}

describe('a Redis that answers but fails commands', () => {
  it('full (maxmemory, noeviction): pages still answer, /readyz says Redis is degraded by OOM, the log and the metric say so', async () => {
    const bff = await bffOn(full.url);
    await fill(full.url);
    expect(await faultCount(bff, 'oom')).toBe(0);

    // Its writes (the page cache's copy, the limits' counts) fail; the shopper still gets the page.
    expect((await page(bff, '/om-oss')).status).toBe(200);
    expect((await page(bff, '/om-oss/kontakt')).status).toBe(200);

    await waitUntil(async () => (await faultCount(bff, 'oom')) > 0, 'oom counted');
    const ready = await readyz(bff);
    expect(ready.status).toBe(200); // degraded, not out of the load balancer: every replica shares this Redis
    expect(ready.body.dependencies.redis).toBe('degraded');
    expect(ready.body.degraded).toEqual(['redis']);
    expect(ready.body.details.redis.lastFault).toMatchObject({ kind: 'oom', message: expect.stringMatching(/^OOM/) });
    expect(ready.body.details.redis.processAlone).toContain('page cache');

    const warning = await bff.log.find((line) => line.msg === 'redis fault' && line.kind === 'oom');
    expect(warning).toMatchObject({ level: 40, err: expect.stringMatching(/maxmemory/) });
    // One warning a kind a minute, however many commands fail.
    const before = bff.log.lines.filter((line) => line.msg === 'redis fault').length;
    for (const path of ['/nyheter', '/om-oss', '/kop-bil/sok-bil?car_fuel=El']) await page(bff, path);
    expect(bff.log.lines.filter((line) => line.msg === 'redis fault').length).toBe(before);
    expect(await faultCount(bff, 'oom')).toBeGreaterThan(1);

    // A market host is told nothing of it.
    const outside = await request(bff.app).get('/readyz').set('Host', 'se.localhost');
    expect(outside.body).toEqual({ status: 'ready' });
  });

  it('a read-only replica (a primary endpoint still naming the old primary): /readyz, the log and the metric say READONLY', async () => {
    // A replica refuses writes whether or not it has synced with its primary yet.
    const bff = await bffOn(replica.url);
    expect((await page(bff, '/om-oss')).status).toBe(200);
    await waitUntil(async () => (await faultCount(bff, 'readonly')) > 0, 'readonly counted');
    // The connection is opened again (a moved endpoint would lead elsewhere now): degraded once it answers.
    await waitUntil(async () => (await readyz(bff)).body.dependencies.redis === 'degraded', 'degraded');
    const ready = await readyz(bff);
    expect(ready.body.details.redis.lastFault.kind).toBe('readonly');
    expect(await bff.log.find((line) => line.msg === 'redis fault' && line.kind === 'readonly')).toBeDefined();
  });
});
