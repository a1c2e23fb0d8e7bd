import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { connectRedis, type RedisConnection } from '../../server/store/redisConnection.js';
import { TieredStore } from '../../server/store/tieredStore.js';
import type { Codec } from '../../server/store/tiers.js';
import { testRedisUrl } from '../support/testRedis.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';

interface Answer {
  text: string;
  storedAt: number;
}

const CODEC: Codec<Answer> = {
  encode: (answer) => Buffer.from(JSON.stringify(answer)),
  decode: (bytes) => JSON.parse(bytes.toString()) as Answer,
};
const logger = pino({ level: 'silent' });
const opened: RedisConnection[] = [];
afterAll(() => Promise.all(opened.map((redis) => redis.close())));

/** One replica's store of answers over `redis`, fresh for a minute; each test under a prefix of its own. */
function replica(redis: RedisConnection, prefix: string, bounded?: { tag: string; maxBytes: number }) {
  let loads = 0;
  const store = new TieredStore<Answer>({
    here: { maxBytes: 1024 * 1024, sizeOf: (answer) => answer.text.length },
    shared: { redis, prefix, codec: CODEC, ...(bounded ? { bounded } : {}) },
    freshness: { freshMs: 60_000, staleMs: 60_000, storedAt: (answer) => answer.storedAt },
  });
  const load = async () => ({ text: `made by load ${++loads}`, storedAt: Date.now() });
  return { store, load, loads: () => loads };
}

async function connected(url: string): Promise<RedisConnection> {
  const redis = connectRedis(url, logger);
  opened.push(redis);
  await waitUntil(() => redis.available() !== undefined, 'Redis answers');
  return redis;
}

describe('the tiered store over Redis', () => {
  it("lets every replica find what one of them loaded: the other's miss is a hit, with no load of its own", async () => {
    const prefix = `test:tiered:${randomUUID()}:`;
    const [a, b] = [replica(await connected(testRedisUrl), prefix), replica(await connected(testRedisUrl), prefix)];
    expect((await a.store.cached('k', a.load)).result).toBe('miss');
    await a.store.settled();
    expect(await b.store.cached('k', b.load)).toMatchObject({ result: 'hit', value: { text: 'made by load 1' } });
    expect(b.loads()).toBe(0);
  });

  it('keeps a bounded tier under one hash tag, so its script touches one cluster slot', async () => {
    const prefix = `test:tiered:${randomUUID()}:`;
    const redis = await connected(testRedisUrl);
    const { store, load } = replica(redis, prefix, { tag: 'answers', maxBytes: 64 * 1024 });
    for (const key of ['a', 'b', 'c']) await store.keep(key, await load(), { ttlMs: 60_000 });
    const keys = await redis.available()!.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    expect(keys.every((key) => key.startsWith(`${prefix}{answers}:`))).toBe(true);
    expect(await replica(redis, prefix, { tag: 'answers', maxBytes: 64 * 1024 }).store.readShared('b')).toMatchObject({
      text: 'made by load 2',
    });
  });

  it('breaks nothing while Redis is down: each ask is loaded and answered (bypass), and this process keeps what it may', async () => {
    // Nothing listens on port 1: a Redis that is configured and never up.
    const down = connectRedis('redis://127.0.0.1:1', logger);
    opened.push(down);
    const { store, load, loads } = replica(down, 'test:tiered:down:');
    expect(await store.cached('k', load)).toMatchObject({ result: 'bypass', value: { text: 'made by load 1' } });
    expect(await store.cached('k', load)).toMatchObject({ result: 'bypass', value: { text: 'made by load 2' } });
    expect(loads()).toBe(2);
    expect(await store.keep('kept', await load())).toBe(true);
    expect(await store.cached('kept', load)).toMatchObject({ result: 'hit', value: { text: 'made by load 3' } });
    await expect(store.purgeShared([''])).resolves.toBeUndefined();
  });
});
