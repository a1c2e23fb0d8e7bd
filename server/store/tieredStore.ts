import type { Metrics } from '../metrics.js';
import { BoundedRedisTier } from './boundedRedisTier.js';
import type { RedisConnection } from './redisConnection.js';
import { SingleFlight } from './singleFlight.js';
import type { StoreBudget } from './storeBudgets.js';
import { ProcessTier, RedisTier, type Codec, type ProcessBound, type SharedTier } from './tiers.js';

/** What a cache declares: what it keeps, its share of the memory budget, and for how long. */
export interface StoreDeclaration<V extends object> {
  /** Its name in /metrics (`bff_cache_bytes{cache}` beside its share), reported when `metrics` is given. */
  name?: string;
  metrics?: Metrics;
  /** This process's copies: its share in bytes and each entry's estimate (ENTRY_OVERHEAD_BYTES is added), or a count. */
  here: ProcessBound<V>;
  /**
   * Every replica's copies, in Redis under `prefix` when Redis is configured (bounded to `maxBytes` in all under the
   * hash tag `tag`, when given); without Redis, a process tier of `withoutRedis` bytes stands in, when given.
   */
  shared?: {
    redis: RedisConnection;
    prefix: string;
    codec: Codec<V>;
    bounded?: { tag: string; maxBytes: number };
    withoutRedis?: { name: string; bytes: number };
  };
  /** The value's own bytes, as Redis keeps them: what its client is charged. */
  bytesOf?: (value: V) => number;
  /** Fresh this long after `storedAt`, then served stale this long while one load refreshes it. Unset: fresh until its TTL. */
  freshness?: { freshMs: number; staleMs: number; storedAt: (value: V) => number; hereOnlyWhileFresh?: boolean };
  /** What the client whose request made an entry may make us keep; unset: everything. */
  budget?: StoreBudget;
  /** Called once an entry a load made is kept (cached()). */
  kept?: (key: string, value: V) => void;
  /** A background refresh that failed (the stale copy stays). */
  refreshFailed?: (err: unknown, key: string) => void;
  now?: () => number;
}

export type Freshness = 'fresh' | 'stale';
export type Found<V> = { value: V; state: Freshness };
/** What cached() answered from: this process or the shared tier (fresh or stale), a load it kept, or a load with the shared tier down. */
export type CacheResult = 'hit' | 'stale' | 'miss' | 'bypass';

/**
 * The one store of server/: the tiers (this process's LRU, Redis), single flight, stale-while-revalidate and
 * the byte charge of what a client makes us keep. A cache declares what it keeps; a lookup goes to this
 * process's copy, then the shared tier (newest wins, and is copied here); a miss is loaded once however many
 * ask; a stale copy is served while one load refreshes it. Redis down is a miss or a write left out, never an error.
 */
export class TieredStore<V extends object> {
  readonly here: ProcessTier<V>;
  readonly shared: SharedTier<V> | undefined;
  private readonly prefix: string;
  private readonly flights = new SingleFlight<V>();
  /** Entries loaded and waiting for their client's budget (one Redis round trip): a repeat meanwhile is answered from here. */
  private readonly awaitingBudget = new Map<string, V>();
  /** Loaded entries being kept (their budget asked, their Redis write made) after they were answered. */
  private readonly keeping = new Set<Promise<unknown>>();

  constructor(private readonly declaration: StoreDeclaration<V>) {
    const { shared, metrics, name } = declaration;
    this.here = new ProcessTier(declaration.here);
    this.prefix = shared?.prefix ?? '';
    if (shared?.redis.configured) {
      this.shared = shared.bounded
        ? new BoundedRedisTier(shared.redis, { prefix: shared.prefix, codec: shared.codec, ...shared.bounded })
        : new RedisTier(shared.redis, shared.prefix, shared.codec);
    } else if (shared?.withoutRedis) {
      const standIn = new ProcessTier<V>({
        maxBytes: shared.withoutRedis.bytes,
        sizeOf: (value) => shared.codec.encode(value).length,
      });
      this.shared = {
        read: async (key) => standIn.get(key),
        set: async (key, value, ttlMs) => standIn.set(key, value, ttlMs),
        purge: async (prefixes) => void standIn.purge(prefixes),
      };
      metrics?.reportCacheBytes(shared.withoutRedis.name, shared.withoutRedis.bytes, () => standIn.bytes);
    }
    if (metrics && name && 'maxBytes' in declaration.here)
      metrics.reportCacheBytes(name, declaration.here.maxBytes, () => this.here.bytes);
  }

  private now(): number {
    return (this.declaration.now ?? Date.now)();
  }

  stateOf(value: V): Freshness | 'expired' {
    const { freshness } = this.declaration;
    if (!freshness) return 'fresh';
    const age = this.now() - freshness.storedAt(value);
    if (age < freshness.freshMs) return 'fresh';
    return age < freshness.freshMs + freshness.staleMs ? 'stale' : 'expired';
  }

  /** How long an entry is kept from now: while fresh, then stale; at least 1 ms. */
  lifetimeLeft(value: V, hereOnly = false): number | undefined {
    const { freshness } = this.declaration;
    if (!freshness) return undefined;
    const stale = hereOnly && freshness.hereOnlyWhileFresh ? 0 : freshness.staleMs;
    return Math.max(1, freshness.storedAt(value) + freshness.freshMs + stale - this.now());
  }

  /** This process's copy when it is fresh: a hit that needs no round trip (what the fast paths may send). */
  freshHere(key: string): V | undefined {
    const value = this.here.get(key);
    return value && this.stateOf(value) === 'fresh' ? value : undefined;
  }

  /** This process's fresh copy, else the newer of it and the shared tier's; 'unavailable' when neither is there and Redis could not be asked. */
  async lookup(key: string): Promise<Found<V> | undefined | 'unavailable'> {
    const kept = this.here.get(key);
    if (kept && this.stateOf(kept) === 'fresh') return { value: kept, state: 'fresh' };
    // The tier's own TTL runs on the real clock, the store's freshness on its own: a copy past its time here is not used.
    const here = this.declaration.freshness?.hereOnlyWhileFresh ? undefined : kept;
    const shared = this.shared ? await this.shared.read(key) : undefined;
    const { storedAt } = this.declaration.freshness ?? {};
    const newer =
      shared !== undefined && shared !== 'unavailable' && (!here || !storedAt || storedAt(shared) > storedAt(here));
    const best = newer ? (shared as V) : here;
    if (!best) return shared === 'unavailable' ? 'unavailable' : undefined;
    const state = this.stateOf(best);
    if (state === 'expired') return undefined;
    if (newer) this.here.set(key, best, this.lifetimeLeft(best, true));
    return { value: best, state };
  }

  /**
   * The entry for `key`: fresh, or stale while one background load refreshes it, or loaded once however many
   * ask (`starting` runs first for the caller who starts the load) and kept, after it is answered, within the
   * budget of `client` (a refresh has none). With the shared tier down it is loaded and not kept: 'bypass'.
   * `load` is told whether it loads for a caller or refreshes in the background.
   */
  async cached(
    key: string,
    load: (why: 'miss' | 'refresh') => Promise<V>,
    options: { client?: string; starting?: () => Promise<void> } = {},
  ): Promise<{ value: V; result: CacheResult }> {
    const waiting = this.awaitingBudget.get(key);
    if (waiting) return { value: waiting, result: 'hit' };
    const found = await this.lookup(key);
    if (found && found !== 'unavailable') {
      if (found.state === 'stale')
        this.loadOnce(key, () => load('refresh'), true).catch((err: unknown) =>
          this.declaration.refreshFailed?.(err, key),
        );
      return { value: found.value, result: found.state === 'fresh' ? 'hit' : 'stale' };
    }
    if (!this.flights.has(key)) await options.starting?.();
    const value = await this.loadOnce(key, () => load('miss'), found !== 'unavailable', options.client);
    return { value, result: found === 'unavailable' ? 'bypass' : 'miss' };
  }

  /** Whether a load of `key` is under way here. */
  loading(key: string): boolean {
    return this.flights.has(key);
  }

  private loadOnce(key: string, load: () => Promise<V>, keep: boolean, client?: string): Promise<V> {
    return this.flights.join(key, () =>
      load().then((value) => {
        // Not awaited: the answer does not wait for the budget or the Redis write.
        if (keep) {
          const keeping = this.keep(key, value, client === undefined ? {} : { client })
            .then((kept) => kept && this.declaration.kept?.(key, value))
            .catch((err: unknown) => this.declaration.refreshFailed?.(err, key))
            .finally(() => this.keeping.delete(keeping));
          this.keeping.add(keeping);
        }
        return value;
      }),
    );
  }

  /**
   * Whether an entry of `valueBytes` under `key` may be kept: charged to `client`'s budget (its key with the store's
   * prefix, and `roomBytes` for forms of it made later), or, with no client (a refresh), no larger than the largest entry.
   */
  async admit(
    key: string,
    valueBytes: number,
    options: { client?: string; roomBytes?: number } = {},
  ): Promise<boolean> {
    const { budget } = this.declaration;
    if (!budget) return true;
    if (options.client === undefined) return budget.fits(valueBytes);
    const keyBytes = Buffer.byteLength(this.prefix) + Buffer.byteLength(key);
    return budget.admit(options.client, { valueBytes, keyBytes, roomBytes: options.roomBytes ?? 0 });
  }

  /** Whether this process knows the client's budget to be spent: what it asks for now would not be kept. */
  spent(client: string): boolean {
    return this.declaration.budget?.spent(client) ?? false;
  }

  /** Kept here and in the shared tier when admitted (admit()); whether it was. `ttlMs` for a store without freshness. */
  async keep(
    key: string,
    value: V,
    options: { client?: string; roomBytes?: number; ttlMs?: number } = {},
  ): Promise<boolean> {
    const charged = this.declaration.bytesOf?.(value) ?? 0;
    if (options.client !== undefined) this.awaitingBudget.set(key, value);
    const admitted = await this.admit(key, charged, options).finally(() => this.awaitingBudget.delete(key));
    if (!admitted) return false;
    const ttlMs = options.ttlMs ?? this.lifetimeLeft(value);
    this.here.set(key, value, this.lifetimeLeft(value, true) ?? ttlMs);
    await this.share(key, value, ttlMs);
    return true;
  }

  /** The shared tier's copy alone (undefined too when Redis could not be asked). */
  async readShared(key: string): Promise<V | undefined> {
    const value = await this.shared?.read(key);
    return value === 'unavailable' ? undefined : value;
  }

  /** Written to the shared tier alone (this process's copy is set already). */
  async share(key: string, value: V, ttlMs = this.lifetimeLeft(value)): Promise<void> {
    if (this.shared && ttlMs !== undefined) await this.shared.set(key, value, ttlMs);
  }

  /** Drops this process's copies under the prefixes ('' is everything); how many. */
  purgeHere(prefixes: readonly string[]): number {
    return this.here.purge(prefixes);
  }

  /** Drops the shared tier's copies under the prefixes; a failure is thrown. */
  async purgeShared(prefixes: readonly string[]): Promise<void> {
    await this.shared?.purge?.(prefixes);
  }

  /** Resolves once every loaded entry has been kept or refused, its Redis write landed (tests, benches, shutdown). */
  async settled(): Promise<void> {
    while (this.keeping.size > 0 || this.flights.size > 0)
      await Promise.allSettled([...this.keeping, ...this.flights.running()]);
  }
}
