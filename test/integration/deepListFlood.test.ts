import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { Agent, request } from 'undici';
import { UPSTREAM_SERVICES } from '../../server/config.js';
import { startSandboxPeer } from '../support/sandboxPeer.js';
import { bundledBff, spawnBff } from '../support/spawnedBff.js';

jest.setTimeout(90_000);

const FLOOD_MS = 20_000;
const CLIENTS = 4;
const MEMORY_BUDGET_MB = 256;
const CACHED_PAGE_P99_BOUND_MS = 250;
const prefix = `test:flood:${process.pid}:${Date.now()}:`;

// The BFF alone in its own process (its RSS is its own; the sandbox is in this one), compiled, as production
// runs it: production React, the heap limit its memory budget gives, pages and searches in the shared Redis
// under this file's prefixes, behind a proxy that names each client (TRUST_PROXY).
let sandbox: Awaited<ReturnType<typeof startSandboxPeer>>;
let bff: ReturnType<typeof spawnBff>;
let origin: string;
beforeAll(async () => {
  sandbox = await startSandboxPeer();
  const upstreams = Object.fromEntries(
    UPSTREAM_SERVICES.map((s) => [`UPSTREAM_${s.toUpperCase()}_URL`, `${sandbox.url}/${s}`]),
  );
  bff = spawnBff(
    {
      ...upstreams,
      NODE_ENV: 'production',
      DEV_HOSTS: 'true',
      TRUST_PROXY: '1',
      PAGE_CACHE: 'true',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PAGE_CACHE_REDIS_PREFIX: `${prefix}page:`,
      SEARCH_CACHE_REDIS_PREFIX: `${prefix}search:`,
      RATE_LIMIT_REDIS_PREFIX: `${prefix}rl:`,
      MEMORY_BUDGET_MB: String(MEMORY_BUDGET_MB),
      NODE_OPTIONS: `--max-old-space-size=${MEMORY_BUDGET_MB / 2}`,
    },
    bundledBff(),
  );
  ({ url: origin } = await bff.listening());
});
afterAll(async () => {
  await bff?.stop();
  await sandbox?.close();
  // What it kept in the shared Redis would expire by itself; it goes now.
  const redis = await createClient({ url: 'redis://127.0.0.1:6379' }).connect();
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length > 0) await redis.unlink(keys);
  await redis.quit();
});

const rssMb = () =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${bff.child.pid}/status`, 'utf8'))?.[1]) / 1024;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

describe('a flood of deep car-list links from several clients', () => {
  it('leaves a cached page fast for everyone else and the process within its memory budget', async () => {
    const agent = new Agent({ connections: 16 });
    const get = async (path: string, client: string) => {
      const started = performance.now();
      const res = await request(origin + path, {
        dispatcher: agent,
        headers: { host: 'se.localhost', 'x-forwarded-for': client, 'accept-encoding': 'br, gzip' },
      });
      await res.body.dump();
      return { status: res.statusCode, cache: String(res.headers['x-cache']), ms: performance.now() - started };
    };
    // The page another shopper asks for, cached and asked again (its best-quality forms made).
    for (let i = 0; i < 3; i++) await get('/', '192.0.2.1');
    await new Promise((r) => setTimeout(r, 1_000));

    const endAt = Date.now() + FLOOD_MS;
    const statuses = new Map<number, number>();
    let sent = 0;
    const flood = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; Date.now() < endAt; i++) {
        const { status } = await get(
          `/kop-bil/sok-bil?page=20&car_price_min=${100_000 + c * 100_000 + i}`,
          `203.0.113.${c + 1}`,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        sent += 1;
      }
    });
    const cachedMs: number[] = [];
    const rss: number[] = [];
    const shopper = (async () => {
      while (Date.now() < endAt) {
        const answer = await get('/', '192.0.2.1');
        expect([answer.status, answer.cache]).toEqual([200, 'hit']);
        cachedMs.push(answer.ms);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const watch = (async () => {
      while (Date.now() < endAt) {
        rss.push(rssMb());
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    await Promise.all([...flood, shopper, watch]);
    await agent.close();

    console.log(
      `${sent} deep links from ${CLIENTS} clients in ${FLOOD_MS / 1000} s (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}); the cached page: p50 ${percentile(cachedMs, 50).toFixed(1)} ms, p99 ${percentile(cachedMs, 99).toFixed(1)} ms over ${cachedMs.length}; RSS ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB`,
    );
    expect([...statuses.keys()]).toEqual([200]);
    // The defect took the cached page to 1.4–2.3 s; the bound sits well above what a test worker sharing two
    // cores with the rest of the suite adds, so it fails on the defect, not on the machine. The 50 ms target is a
    // benchmark's figure: the soak's flood phase prints it (docs/caching.md).
    expect(percentile(cachedMs, 99)).toBeLessThanOrEqual(CACHED_PAGE_P99_BOUND_MS);
    expect(Math.max(...rss)).toBeLessThanOrEqual(MEMORY_BUDGET_MB);
    expect(bff.alive()).toBe(true);
  });
});
