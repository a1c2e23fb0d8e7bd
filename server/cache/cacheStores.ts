import { BYTES, ProcessTier, RedisTier } from '../store/tiers.js';
import type { RedisConnection } from '../store/redisConnection.js';

/** Where cached search answers live, as bytes. `unavailable` means: go without the cache for this request. */
export interface CacheStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<Buffer | undefined | 'unavailable'>;
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
}

/** Shared by every container: the cache of choice whenever REDIS_URL is set. Keys under `prefix` (SEARCH_CACHE_REDIS_PREFIX). */
export function redisStore(redis: RedisConnection, prefix = ''): CacheStore {
  const tier = new RedisTier(redis, prefix, BYTES);
  return { kind: 'redis', get: (key) => tier.read(key), set: (key, value, ttlMs) => tier.set(key, value, ttlMs) };
}

/** One process's own cache, for a setup without Redis; bounded by bytes. */
export function memoryStore(maxBytes: number): CacheStore & { readonly bytes: number } {
  const tier = new ProcessTier<Buffer>(maxBytes, (value) => value.length + 256);
  return {
    kind: 'memory',
    get bytes() {
      return tier.bytes;
    },
    get: async (key) => tier.get(key),
    set: async (key, value, ttlMs) => tier.set(key, value, ttlMs),
  };
}
