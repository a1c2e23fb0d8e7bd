import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../cache/redisConnection.js';

/**
 * Signatures of webhook calls already accepted, kept a little longer than the timestamp window so
 * a captured call cannot be sent again inside it. Redis `SET NX` when Redis is up (a replay to another
 * container is refused too), this process's memory otherwise. The keys live in a namespace of their
 * own, never under the page cache's prefix: a purge of everything deleted its own marker there, and
 * the same call was accepted again by every other container.
 */
export class WebhookReplays {
  private readonly memory = new LRUCache<string, true>({ max: 10_000, ttlAutopurge: false });

  constructor(
    private readonly redis: RedisConnection,
    private readonly keyPrefix: string,
    private readonly ttlMs: number,
  ) {}

  /** True the first time a signature is seen; false for a replay. */
  async firstUse(signature: string): Promise<boolean> {
    const key = this.keyPrefix + signature;
    if (this.memory.has(key)) return false;
    this.memory.set(key, true, { ttl: this.ttlMs });
    const client = this.redis.available();
    if (!client) return true;
    try {
      return (await client.set(key, '1', { condition: 'NX', expiration: { type: 'PX', value: this.ttlMs } })) === 'OK';
    } catch {
      return true; // Redis failed mid-way: this process's memory decided
    }
  }
}
