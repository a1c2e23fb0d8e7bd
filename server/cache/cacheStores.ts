import { LRUCache } from 'lru-cache';
import { RESP_TYPES } from 'redis';
import type { RedisConnection } from '../store/redisConnection.js';

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
      // As bytes: a 150 KB answer is neither decoded into a string nor encoded back to be sent.
      const bytes = await redis.ifUp(
        (client) =>
          client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).get(prefix + key) as Promise<Buffer | null>,
      );
      return bytes === undefined ? 'unavailable' : (bytes ?? undefined);
    },
    async set(key, value, ttlMs) {
      await redis.ifUp((client) => client.set(prefix + key, value, { expiration: { type: 'PX', value: ttlMs } }));
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
