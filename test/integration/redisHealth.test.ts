import { jest } from '@jest/globals';
import request from 'supertest';
import { spawnRedis, type SpawnedRedis } from '../../scripts/stack/redisServers.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { startTestStack } from '../support/testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

jest.setTimeout(60_000);

/** Polls until the condition holds; the deadline only a hang reaches (how soon is REDIS_TIMING's, not measured here). */
const waitFor = (what: string, condition: () => Promise<boolean>) => waitUntil(condition, what, { everyMs: 100 });

let sandbox: SandboxHere;
let redis: SpawnedRedis;
let bff: ComposedBff;

beforeAll(async () => {
  // A Redis of this test's own: the shared one is never paused.
  redis = await spawnRedis();
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox, env: { REDIS_URL: redis.url, PAGE_CACHE: 'true' } })).bff;
  await waitFor('redis up', async () => (await readyz()).body.dependencies.redis === 'up');
});
afterAll(async () => {
  redis?.process.kill('SIGCONT');
  await bff?.close();
  await sandbox?.close();
  await redis?.stop();
});

/** The operator's /readyz, with each dependency's state (METRICS_PORT's listener). */
const readyz = () => request(bff.metricsApp).get('/readyz');
const redisGauge = async () =>
  Number(
    /^bff_dependency_up\{dependency="redis"\} (\d)$/m.exec((await request(bff.metricsApp).get('/metrics')).text)?.[1],
  );
const page = (path: string) => request(bff.app).get(path).set('Host', 'se.localhost');

describe('Redis health', () => {
  it('reports a Redis that stops answering, keeps serving pages without it, and reconnects once it answers again', async () => {
    expect(await redisGauge()).toBe(1);
    expect((await page('/om-oss')).status).toBe(200);

    // Stalled, not gone: the socket stays open and nothing answers.
    redis.process.kill('SIGSTOP');
    await waitFor('redis reported down', async () => (await readyz()).body.dependencies.redis === 'down');
    const degraded = await readyz();
    expect(degraded.status).toBe(200); // a Redis outage degrades; it does not take the container out
    expect(degraded.body.degraded).toEqual(['redis']);
    expect(await redisGauge()).toBe(0);
    // A market host answers the same status code and nothing about what is down.
    const onMarketHost = await request(bff.app).get('/readyz').set('Host', 'se.localhost');
    expect(onMarketHost.status).toBe(200);
    expect(onMarketHost.body).toEqual({ status: 'ready' });
    expect(onMarketHost.text).not.toMatch(/redis|degraded|dependencies/);

    // Pages, cached and not, go without Redis at once instead of waiting out its deadline on every call:
    // a Redis known to be down is not handed out at all, so no call can wait on it.
    expect(bff.redis.available()).toBeUndefined();
    for (const path of ['/om-oss', '/om-oss/kontakt', '/kop-bil/sok-bil?car_fuel=El', '/nyheter']) {
      const res = await page(path);
      expect([path, res.status]).toEqual([path, 200]);
    }

    redis.process.kill('SIGCONT');
    await waitFor('redis up again', async () => (await readyz()).body.dependencies.redis === 'up');
    expect(await redisGauge()).toBe(1);
    expect(bff.redis.available()).toBeDefined();
    expect(await bff.redis.available()!.ping()).toBe('PONG');
  });
});
