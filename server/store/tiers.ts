import { LRUCache } from 'lru-cache';
import { RESP_TYPES } from 'redis';
import type { RedisConnection } from './redisConnection.js';

/**
 * What one entry costs beyond its own bytes: a process tier's records of its key (the LRU's slots and
 * maps), and the bounded Redis tier's index of it. The one such figure of every store.
 */
export const ENTRY_OVERHEAD_BYTES = 256;

/** How a process tier is bounded: by its entries' estimated bytes (`sizeOf` of value and key), or by their count. */
export type ProcessBound<V> = { maxBytes: number; sizeOf: (value: V, key: string) => number } | { maxEntries: number };

/**
 * This process's tier of a store: an LRU bounded by the entries' estimated bytes or their count (least
 * recently used go first), each entry with its TTL (or none: its owner decides when it is old), and
 * ENTRY_OVERHEAD_BYTES added to each entry's size. Built only by a TieredStore (tieredStore.ts).
 */
export class ProcessTier<V extends object> {
  private readonly lru: LRUCache<string, V>;

  constructor(bound: ProcessBound<V>) {
    this.lru = new LRUCache<string, V>(
      'maxEntries' in bound
        ? { max: Math.max(1, bound.maxEntries), ttlAutopurge: false }
        : {
            maxSize: Math.max(1, bound.maxBytes),
            sizeCalculation: (value, key) => bound.sizeOf(value, key) + ENTRY_OVERHEAD_BYTES,
            ttlAutopurge: false,
          },
    );
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

  /** Most recently used first. */
  entries(): IterableIterator<[string, V]> {
    return this.lru.entries();
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

/** The tier every replica shares (RedisTier, BoundedRedisTier), or a process tier standing in for it without Redis. */
export interface SharedTier<V> {
  /** The entry, undefined when the tier holds none, 'unavailable' when it could not be asked. */
  read(key: string): Promise<V | undefined | 'unavailable'>;
  set(key: string, value: V, ttlMs: number): Promise<unknown>;
  /** Drops every key under the prefixes (a tier that cannot leaves it out); a failure is thrown. */
  purge?(prefixes: readonly string[]): Promise<void>;
}

/**
 * The tier every container shares, in Redis under `prefix`: entries as bytes with their TTL. Every
 * failure (Redis down, slow, a value that does not read) is a miss or a write left out, never an error.
 */
export class RedisTier<V> implements SharedTier<V> {
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

  async set(key: string, value: V, ttlMs: number): Promise<void> {
    await this.redis.ifUp((client) =>
      client.set(this.prefix + key, this.codec.encode(value), {
        expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
      }),
    );
  }

  /**
   * Unlinks every stored key starting with one of the prefixes (SCAN, on every master of a cluster, so Redis is
   * never blocked; each key alone, as a cluster's keys of one batch may lie in different slots); a failure is thrown.
   */
  async purge(prefixes: readonly string[]): Promise<void> {
    const client = this.redis.available();
    if (!client) return;
    try {
      for (const prefix of prefixes) {
        for await (const keys of this.redis.scan(`${escapeGlob(this.prefix + prefix)}*`)) {
          await Promise.all(keys.map((key) => client.unlink(key)));
        }
      }
    } catch (err) {
      this.redis.reportFault(err, 'purge');
      throw err;
    }
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
