import { LRUCache } from 'lru-cache';
import { RESP_TYPES } from 'redis';
import type { RedisConnection } from '../store/redisConnection.js';
import { entryBytes, parseEntry, serialiseEntry, type PageEntry } from './pageEntry.js';

/** This process's pages, bounded by bytes (least recently used go first). */
export class LocalPageStore {
  private readonly lru: LRUCache<string, PageEntry>;

  constructor(maxBytes: number) {
    this.lru = new LRUCache<string, PageEntry>({ maxSize: maxBytes, sizeCalculation: entryBytes });
  }

  get(key: string): PageEntry | undefined {
    return this.lru.get(key);
  }

  set(key: string, entry: PageEntry, ttlMs: number): void {
    this.lru.set(key, entry, { ttl: ttlMs });
  }

  /** Drops every key starting with one of the prefixes ('' drops everything). */
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

/**
 * The pages every container shares, when Redis is configured. Every failure (Redis down, slow,
 * a value that does not read) is a miss: the page is rendered locally, never an error.
 */
export class RedisPageStore {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<PageEntry | undefined> {
    const bytes = await this.redis.ifUp(
      (client) =>
        client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).get(this.prefix + key) as Promise<Buffer | null>,
    );
    return bytes ? parseEntry(bytes) : undefined;
  }

  async set(key: string, entry: PageEntry, ttlMs: number): Promise<void> {
    await this.redis.ifUp((client) =>
      client.set(this.prefix + key, serialiseEntry(entry), { expiration: { type: 'PX', value: Math.max(1, ttlMs) } }),
    );
  }

  /** Unlinks every stored key starting with one of the prefixes (SCAN, so Redis is never blocked). */
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
