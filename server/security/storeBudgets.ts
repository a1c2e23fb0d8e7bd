import type { RedisConnection } from '../cache/redisConnection.js';
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

/** `pages` → `STORE_BUDGET_PAGES`. */
export const storeBudgetEnvName = (name: StoreBudgetName) => `STORE_BUDGET_${name.toUpperCase()}`;

/**
 * The one mechanism for everything a client can make us store (pages, search answers, picture
 * variants): bytes per client per window, counted through the shared limiter (Redis across
 * containers, this process's own count beside it). The work is done and served either way; only
 * keeping it depends on the budget, so a client busting keys costs what an uncached request costs
 * and fills nothing for anyone else.
 */
export class StoreBudget {
  private readonly counter: SharedRateLimiter;

  constructor(
    redis: RedisConnection,
    readonly name: StoreBudgetName,
    options: { keyPrefix: string; window: StoreBudgetWindow; maxEntryBytes?: number },
  ) {
    this.counter = new SharedRateLimiter(redis, { keyPrefix: `${options.keyPrefix}store:${name}`, points: options.window.bytes, durationS: options.window.durationS });
    this.maxEntryBytes = options.maxEntryBytes ?? MAX_ENTRY_BYTES[name];
  }

  readonly maxEntryBytes: number;

  /**
   * Whether an entry of `bytes` made for `client` may be kept, charging them to the client when it may.
   * An entry over the store's size, or one the client's bytes left in the window do not cover, is not kept.
   */
  async admit(client: string, bytes: number): Promise<boolean> {
    if (bytes > this.maxEntryBytes) return false;
    return (await this.counter.consume(client, Math.max(1, Math.ceil(bytes)))).allowed;
  }
}

export type StoreBudgets = Record<StoreBudgetName, StoreBudget>;

/** One StoreBudget per store, counting under `RATE_LIMIT_REDIS_PREFIX` like the other limits. */
export function createStoreBudgets(redis: RedisConnection, options: { keyPrefix: string; windows: Record<StoreBudgetName, StoreBudgetWindow> }): StoreBudgets {
  const names = Object.keys(STORE_BUDGET_DEFAULTS) as StoreBudgetName[];
  return Object.fromEntries(names.map((name) => [name, new StoreBudget(redis, name, { keyPrefix: options.keyPrefix, window: options.windows[name] })])) as StoreBudgets;
}
