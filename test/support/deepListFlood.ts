import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { Agent, request } from 'undici';
import { bundledBff } from '../../scripts/stack/spawnedBff.js';
import { startTestStack } from './testStack.js';
import { testRedisUrl } from './testRedis.js';

export const MEMORY_BUDGET_MB = 256;
export const FLOOD_CLIENTS = 4;

/**
 * The BFF alone in its own process (its RSS is its own; the sandbox is in this one), compiled, as production
 * runs it: production React, the heap limit its memory budget gives, pages and searches in the shared Redis
 * under prefixes of its own, behind a proxy that names each client (TRUST_PROXY). What the deep-list flood
 * test checks and `npm run bench:flood` measures.
 */
export async function startFloodedBff() {
  const prefix = `test:flood:${process.pid}:${Date.now()}:`;
  const stack = await startTestStack({
    bff: 'process',
    redis: testRedisUrl,
    env: {
      NODE_ENV: 'production',
      DEV_HOSTS: 'true',
      TRUST_PROXY: '1',
      PAGE_CACHE: 'true',
      PAGE_CACHE_REDIS_PREFIX: `${prefix}page:`,
      SEARCH_CACHE_REDIS_PREFIX: `${prefix}search:`,
      RATE_LIMIT_REDIS_PREFIX: `${prefix}rl:`,
      MEMORY_BUDGET_MB: String(MEMORY_BUDGET_MB),
      NODE_OPTIONS: `--max-old-space-size=${MEMORY_BUDGET_MB / 2}`,
    },
    spawn: { entry: bundledBff() },
  });
  const { bff, sandbox } = stack;
  const origin = await bff.listening();
  const agent = new Agent({ connections: 16 });

  /** One page as a browser behind the proxy asks for it, with how long it took (for the bench). */
  const get = async (path: string, client: string) => {
    const started = performance.now();
    const res = await request(origin + path, {
      dispatcher: agent,
      headers: { host: 'se.localhost', 'x-forwarded-for': client, 'accept-encoding': 'br, gzip' },
    });
    await res.body.dump();
    return { status: res.statusCode, cache: String(res.headers['x-cache']), ms: performance.now() - started };
  };
  /** A deep car-list link no one asked for before (a new page each: a miss, rendered). */
  const deepLink = (client: number, i: number) =>
    `/kop-bil/sok-bil?page=20&car_price_min=${100_000 + client * 100_000 + i}`;

  return {
    bff,
    sandbox,
    get,
    deepLink,
    rssMb: () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${bff.child.pid}/status`, 'utf8'))?.[1]) / 1024,
    close: async () => {
      await agent.close();
      await stack.stop();
      // What it kept in the shared Redis would expire by itself; it goes now.
      const redis = await createClient({ url: testRedisUrl }).connect();
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
        if (keys.length > 0) await redis.unlink(keys);
      await redis.quit();
    },
  };
}
