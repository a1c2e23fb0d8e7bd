import type { RedisConnection } from './redisConnection.js';
import { LRUCache } from 'lru-cache';
import { SharedRateLimiter } from './sharedRateLimiter.js';

const KB = 1024;
const MB = 1024 * KB;

export interface StoreBudgetWindow {
  /** Bytes one client may make the store keep in a window, counted across containers. */
  bytes: number;
  durationS: number;
}

/**
 * What one client may make each shared store keep, in bytes per window (docs/caching.md, Store budgets). Each is
 * configurable as `STORE_BUDGET_<NAME>=<megabytes>/<seconds>`. A shopper's own misses stay far
 * below them (a car list page is about 200 KB of HTML, its search 150 KB); beyond, what the client
 * asks for is still made and served to it, but not kept.
 */
export const STORE_BUDGET_DEFAULTS = {
  /** Finished pages (page cache, in process and in Redis). */
  pages: { bytes: 4 * MB, durationS: 60 },
  /** Search answers (the search cache, from /api/search and from the pages a client has rendered). */
  searches: { bytes: 4 * MB, durationS: 60 },
  /** Picture variants (the /media pipeline). */
  images: { bytes: 32 * MB, durationS: 600 },
} as const satisfies Record<string, StoreBudgetWindow>;

export type StoreBudgetName = keyof typeof STORE_BUDGET_DEFAULTS;

/** The largest entry each store keeps, whoever asks: a larger one is served but never stored. */
export const MAX_ENTRY_BYTES: Record<StoreBudgetName, number> = {
  pages: 256 * KB,
  searches: 512 * KB,
  images: 2 * MB,
};

/** An entry a client makes a store keep: its value, its key (with the store's prefix), and room for forms of it made later. */
export interface KeptEntry {
  valueBytes: number;
  keyBytes: number;
  roomBytes?: number;
}

/** What keeping an entry costs its client: what it takes in Redis, room included. The one charge of every store. */
export function chargeOf(entry: KeptEntry): number {
  return bytesInRedis(entry.valueBytes + (entry.roomBytes ?? 0), entry.keyBytes);
}

/**
 * What an entry takes in Redis (as MEMORY USAGE counts it), which is what a budget charges: its value
 * in the allocator's size class (jemalloc rounds an allocation up to a quarter of its power of two:
 * up to 25% more; 100,000 bytes take 114,688), its key, and Redis's own records of the key (about 100 bytes).
 */
function bytesInRedis(valueBytes: number, keyBytes: number): number {
  return sizeClass(valueBytes + SDS_HEADER_BYTES) + sizeClass(keyBytes + SDS_HEADER_BYTES) + REDIS_KEY_RECORDS_BYTES;
}

const SDS_HEADER_BYTES = 9;
const REDIS_KEY_RECORDS_BYTES = 96;

/** jemalloc's size classes: four to each doubling (16-byte steps up to 128). */
function sizeClass(bytes: number): number {
  if (bytes <= 128) return Math.ceil(bytes / 16) * 16;
  const step = 2 ** (Math.floor(Math.log2(bytes - 1)) - 2);
  return Math.ceil(bytes / step) * step;
}

/** `pages` → `STORE_BUDGET_PAGES`. */
export const storeBudgetEnvName = (name: StoreBudgetName) => `STORE_BUDGET_${name.toUpperCase()}`;

/**
 * The one mechanism for everything a client can make us store (pages, search answers, picture
 * variants, the fast paths' learned requests): bytes per client per window, counted through the
 * shared limiter (Redis across containers, this process's own count beside it). The work is done
 * and served either way; only keeping it depends on the budget, so a client busting keys costs what
 * an uncached request costs and fills nothing for anyone else.
 */
export class StoreBudget {
  private readonly counter: SharedRateLimiter;
  /**
   * Clients whose window is spent, until it ends: a spent window stays spent (a refused count is
   * still added), so their next entries are refused here without a round trip to Redis.
   */
  private readonly spentUntil = new LRUCache<string, number>({ max: SPENT_CLIENTS });

  constructor(
    redis: RedisConnection,
    readonly name: StoreBudgetName,
    options: { keyPrefix: string; window: StoreBudgetWindow; maxEntryBytes?: number; now?: () => number },
  ) {
    this.counter = new SharedRateLimiter(redis, {
      keyPrefix: `${options.keyPrefix}store:${name}`,
      points: options.window.bytes,
      durationS: options.window.durationS,
    });
    this.maxEntryBytes = options.maxEntryBytes ?? MAX_ENTRY_BYTES[name];
    this.now = options.now ?? Date.now;
  }

  readonly maxEntryBytes: number;
  private readonly now: () => number;

  /** Whether an entry of `bytes` is small enough for the store at all (a refresh of a kept entry needs only this). */
  fits(bytes: number): boolean {
    return bytes <= this.maxEntryBytes;
  }

  /**
   * Whether an entry made for `client` may be kept, charging it to the client when it may (chargeOf). Its
   * value alone is held against the store's largest entry. An entry over the store's size, or one the
   * client's bytes left in the window do not cover, is not kept.
   */
  async admit(client: string, entry: KeptEntry): Promise<boolean> {
    if (!this.fits(entry.valueBytes)) return false;
    if (this.spent(client)) return false;
    const outcome = await this.counter.consume(client, Math.max(1, Math.ceil(chargeOf(entry))));
    if (outcome.allowed) return true;
    this.spentUntil.set(client, this.now() + outcome.retryAfterS * 1000);
    return false;
  }

  /**
   * Whether this process knows the client's window to be spent (no round trip): what it asks for now
   * will not be kept, so a caller may skip the work of keeping it (the page cache renders it as if off).
   */
  spent(client: string): boolean {
    const until = this.spentUntil.get(client);
    return until !== undefined && until > this.now();
  }
}

/** Clients remembered as over budget in one process (about 100 bytes each). */
const SPENT_CLIENTS = 10_000;

export type StoreBudgets = Record<StoreBudgetName, StoreBudget>;

/** One StoreBudget per store, counting under `RATE_LIMIT_REDIS_PREFIX` like the other limits. */
export function createStoreBudgets(
  redis: RedisConnection,
  options: { keyPrefix: string; windows: Record<StoreBudgetName, StoreBudgetWindow> },
): StoreBudgets {
  const names = Object.keys(STORE_BUDGET_DEFAULTS) as StoreBudgetName[];
  return Object.fromEntries(
    names.map((name) => [
      name,
      new StoreBudget(redis, name, { keyPrefix: options.keyPrefix, window: options.windows[name] }),
    ]),
  ) as StoreBudgets;
}
