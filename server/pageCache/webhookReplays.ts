import type { RedisConnection } from '../store/redisConnection.js';
import { SharedRecords } from '../store/sharedRecords.js';

/**
 * Signatures of webhook calls already accepted, kept a little longer than the timestamp window so
 * a captured call cannot be sent again inside it. Redis `SET NX` when Redis is up (a replay to another
 * container is refused too), this process's memory otherwise. The keys live in a namespace of their
 * own, never under the page cache's prefix: a purge of everything deleted its own marker there, and
 * the same call was accepted again by every other container.
 */
export class WebhookReplays {
  private readonly records: SharedRecords;

  constructor(
    redis: RedisConnection,
    private readonly keyPrefix: string,
    private readonly ttlMs: number,
  ) {
    this.records = new SharedRecords(redis, { max: 10_000 });
  }

  /** True the first time a signature is seen; false for a replay. */
  async firstUse(signature: string): Promise<boolean> {
    const key = this.keyPrefix + signature;
    const { memory } = this.records;
    if (memory.has(key)) return false;
    memory.set(key, SEEN, { ttl: this.ttlMs });
    // Redis could not be asked: this process's memory decided.
    return (await this.records.claim(key, SEEN, this.ttlMs)) ?? true;
  }
}

const SEEN = '1';
