import { LRUCache } from 'lru-cache';
import type { RedisConnection } from './redisConnection.js';

/**
 * Small records every container should see (a write's id, a revoked token, a webhook's signature):
 * in Redis when it answers, and in this process's memory, which is what holds while Redis is not
 * there. The one way such a record goes to Redis or does without it; what a record means stays with
 * its owner (submissionLedger.ts, revokedTokens.ts, webhookReplays.ts).
 */
export class SharedRecords {
  /** This process's copy; bounded as its owner says (a count or estimated heap bytes). */
  readonly memory: LRUCache<string, string>;

  constructor(
    private readonly redis: RedisConnection,
    memory: LRUCache.Options<string, string, unknown>,
  ) {
    this.memory = new LRUCache({ ttlAutopurge: false, ...memory });
  }

  get configured(): boolean {
    return this.redis.configured;
  }

  /** Kept here and in Redis; whether Redis took it. */
  async keep(key: string, value: string, ttlMs: number): Promise<boolean> {
    this.memory.set(key, value, { ttl: ttlMs });
    return this.share(key, value, ttlMs);
  }

  /** Written to Redis alone; whether Redis took it. */
  async share(key: string, value: string, ttlMs: number): Promise<boolean> {
    const answer = await this.redis.ifUp((client) =>
      client.set(key, value, { expiration: { type: 'PX', value: ttlMs } }),
    );
    return answer !== undefined;
  }

  /** Redis `SET NX`: whether this call set it, or undefined when Redis could not be asked. */
  async claim(key: string, value: string, ttlMs: number): Promise<boolean | undefined> {
    const answer = await this.redis.ifUp((client) =>
      client.set(key, value, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }),
    );
    return answer === undefined ? undefined : answer === 'OK';
  }

  /** This process's copy, else Redis's; undefined when neither holds it (or Redis could not be asked). */
  async read(key: string): Promise<string | undefined> {
    return this.memory.get(key) ?? (await this.readShared(key));
  }

  /** Redis's copy alone. */
  async readShared(key: string): Promise<string | undefined> {
    return (await this.redis.ifUp((client) => client.get(key))) ?? undefined;
  }

  async forget(key: string): Promise<void> {
    this.memory.delete(key);
    await this.redis.ifUp((client) => client.del(key));
  }
}
