import { LRUCache } from 'lru-cache';
import { RESP_TYPES } from 'redis';
import type { RedisConnection } from './redisConnection.js';

/** Where cached search answers live, as bytes. `unavailable` means: go without the cache for this request. */
export interface CacheStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<Buffer | undefined | 'unavailable'>;
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
}

/** Shared by every container: the cache of choice whenever REDIS_URL is set. Keys under `prefix` (SEARCH_CACHE_REDIS_PREFIX). */
export function redisStore(redis: RedisConnection, prefix = ''): CacheStore {
  return {
    kind: 'redis',
    async get(key) {
      const client = redis.available();
      if (!client) return 'unavailable';
      try {
        // As bytes: a 150 KB answer is neither decoded into a string nor encoded back to be sent.
        return (
          ((await client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).get(prefix + key)) as Buffer | null) ??
          undefined
        );
      } catch {
        return 'unavailable';
      }
    },
    async set(key, value, ttlMs) {
      const client = redis.available();
      if (!client) return;
      await client.set(prefix + key, value, { expiration: { type: 'PX', value: ttlMs } }).catch(() => undefined);
    },
  };
}

/** One process's own cache, for a setup without Redis; bounded by bytes. */
export function memoryStore(maxBytes: number): CacheStore & { readonly bytes: number } {
  const lru = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (v) => v.length + 256,
    ttlAutopurge: false,
  });
  return {
    kind: 'memory',
    get bytes() {
      return lru.calculatedSize;
    },
    get: async (key) => lru.get(key),
    set: async (key, value, ttlMs) => void lru.set(key, value, { ttl: ttlMs }),
  };
}
