import pino from 'pino';
import { connectRedis } from '../../server/store/redisConnection.js';
import { chargeOf, StoreBudget } from '../../server/store/storeBudgets.js';
import { TieredStore } from '../../server/store/tieredStore.js';
import { ENTRY_OVERHEAD_BYTES } from '../../server/store/tiers.js';

interface Answer {
  text: string;
  storedAt: number;
}

/** A store of answers fresh for 10 s, then stale for 60 s, on a clock the test moves. */
function storeAt(options: { budget?: StoreBudget; prefix?: string } = {}) {
  let now = 0;
  const store = new TieredStore<Answer>({
    here: { maxBytes: 1024 * 1024, sizeOf: (answer) => answer.text.length },
    ...(options.prefix === undefined
      ? {}
      : {
          shared: {
            redis: connectRedis(undefined, pino({ level: 'silent' })),
            prefix: options.prefix,
            codec: { encode: (a) => Buffer.from(JSON.stringify(a)), decode: (b) => JSON.parse(b.toString()) as Answer },
          },
        }),
    bytesOf: (answer) => answer.text.length,
    freshness: { freshMs: 10_000, staleMs: 60_000, storedAt: (answer) => answer.storedAt },
    ...(options.budget ? { budget: options.budget } : {}),
    now: () => now,
  });
  let loads = 0;
  const load = async () => ({ text: `answer ${++loads}`, storedAt: now });
  return { store, load, loads: () => loads, advance: (ms: number) => void (now += ms) };
}

describe('the tiered store', () => {
  it('loads a miss once however many ask at once, then answers from this process', async () => {
    const { store, load, loads } = storeAt();
    const answers = await Promise.all([1, 2, 3].map(() => store.cached('k', load)));
    expect(answers.map((a) => a.value.text)).toEqual(['answer 1', 'answer 1', 'answer 1']);
    expect(answers.map((a) => a.result)).toEqual(['miss', 'miss', 'miss']);
    await store.settled();
    expect(await store.cached('k', load)).toMatchObject({ result: 'hit', value: { text: 'answer 1' } });
    expect(loads()).toBe(1);
  });

  it('serves a stale copy at once while one load refreshes it, and forgets it once past its stale time', async () => {
    const { store, load, loads, advance } = storeAt();
    await store.cached('k', load);
    await store.settled();
    advance(11_000);
    const stale = await Promise.all([store.cached('k', load), store.cached('k', load)]);
    expect(stale.map((a) => [a.result, a.value.text])).toEqual([
      ['stale', 'answer 1'],
      ['stale', 'answer 1'],
    ]);
    await store.settled();
    expect(loads()).toBe(2);
    expect(await store.cached('k', load)).toMatchObject({ result: 'hit', value: { text: 'answer 2' } });
    advance(71_000);
    expect(await store.cached('k', load)).toMatchObject({ result: 'miss', value: { text: 'answer 3' } });
  });

  it('keeps a failed load out and the stale copy in', async () => {
    const { store, load, advance } = storeAt();
    await store.cached('k', load);
    await store.settled();
    advance(11_000);
    const failing = () => Promise.reject(new Error('upstream down'));
    expect((await store.cached('k', failing)).value.text).toBe('answer 1');
    await store.settled();
    await expect(store.cached('other', failing)).rejects.toThrow('upstream down');
    expect((await store.cached('k', load)).value.text).toBe('answer 1');
  });

  it("charges a client what the entry takes in Redis, its key with the store's prefix", async () => {
    const prefix = 'p'.repeat(300);
    const valueBytes = 'answer 1'.length;
    const withPrefix = chargeOf({ valueBytes, keyBytes: prefix.length + 1 });
    // Room for one entry charged with the prefix; charged without it, three would fit.
    const window = { bytes: withPrefix, durationS: 60 };
    expect(3 * chargeOf({ valueBytes, keyBytes: 1 })).toBeLessThanOrEqual(window.bytes);
    const budget = new StoreBudget(connectRedis(undefined, pino({ level: 'silent' })), 'searches', {
      keyPrefix: 'test:',
      window,
    });
    const { store, load } = storeAt({ budget, prefix });
    expect(await store.keep('a', await load(), { client: 'shopper' })).toBe(true);
    expect(await store.keep('b', await load(), { client: 'shopper' })).toBe(false);
    expect(store.here.get('b')).toBeUndefined();
    // Another client's budget is its own; a refresh (no client) is kept when it fits the largest entry.
    expect(await store.keep('b', await load(), { client: 'another' })).toBe(true);
    expect(await store.keep('c', await load())).toBe(true);
  });

  it('counts each entry in this process with the one entry overhead', async () => {
    const { store, load } = storeAt();
    await store.keep('k', await load());
    expect(store.here.bytes).toBe('answer 1'.length + ENTRY_OVERHEAD_BYTES);
  });
});
