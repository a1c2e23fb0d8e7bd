import { LRUCache } from 'lru-cache';
import { RESP_TYPES } from 'redis';
import type { RedisConnection } from './redisConnection.js';

/**
 * This process's tier of a store: an LRU bounded by the entries' estimated bytes (least recently used
 * go first), each entry with its TTL (or none: its owner decides when it is old). The pages, the search
 * answers (without Redis), the picture variants and the layout keep their process copies in one.
 */
export class ProcessTier<V extends object> {
  private readonly lru: LRUCache<string, V>;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.lru = new LRUCache<string, V>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: sizeOf,
      ttlAutopurge: false,
    });
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  set(key: string, value: V, ttlMs?: number): void {
    this.lru.set(key, value, ttlMs === undefined ? {} : { ttl: ttlMs });
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Drops every key starting with one of the prefixes ('' drops everything); how many it dropped. */
  purge(prefixes: readonly string[]): number {
    let dropped = 0;
    for (const key of [...this.lru.keys()]) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) dropped += Number(this.lru.delete(key));
    }
    return dropped;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }

  get size(): number {
    return this.lru.size;
  }
}

/** How a store's entry is written to Redis as bytes and read back (undefined: it does not read, a miss). */
export interface Codec<V> {
  encode(value: V): Buffer;
  decode(bytes: Buffer): V | undefined;
}

/** Bytes as they are. */
export const BYTES: Codec<Buffer> = { encode: (value) => value, decode: (bytes) => bytes };

/**
 * The tier every container shares, in Redis under `prefix`: entries as bytes with their TTL. Every
 * failure (Redis down, slow, a value that does not read) is a miss or a write left out, never an error.
 */
export class RedisTier<V> {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    private readonly codec: Codec<V>,
  ) {}

  /** The entry, undefined when Redis holds none, 'unavailable' when Redis could not be asked. */
  async read(key: string): Promise<V | undefined | 'unavailable'> {
    // As bytes: a 150 KB value is neither decoded into a string nor encoded back to be sent.
    const bytes = await this.redis.ifUp(
      (client) =>
        client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).get(this.prefix + key) as Promise<Buffer | null>,
    );
    if (bytes === undefined) return 'unavailable';
    return bytes ? this.codec.decode(bytes) : undefined;
  }

  async get(key: string): Promise<V | undefined> {
    const value = await this.read(key);
    return value === 'unavailable' ? undefined : value;
  }

  async set(key: string, value: V, ttlMs: number): Promise<void> {
    await this.redis.ifUp((client) =>
      client.set(this.prefix + key, this.codec.encode(value), {
        expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
      }),
    );
  }

  /** Unlinks every stored key starting with one of the prefixes (SCAN, so Redis is never blocked); a failure is thrown. */
  async purge(prefixes: readonly string[]): Promise<void> {
    const client = this.redis.available();
    if (!client) return;
    for (const prefix of prefixes) {
      for await (const keys of client.scanIterator({ MATCH: `${escapeGlob(this.prefix + prefix)}*`, COUNT: 500 })) {
        if (keys.length > 0) await client.unlink(keys);
      }
    }
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
