import { LRUCache } from 'lru-cache';
import type { RedisConnection } from './redisConnection.js';
import { ProcessTier } from './tiers.js';

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

  /** Records Redis did not take, with when each expires, written when Redis is up again (most recent first). */
  private unwritten: ProcessTier<{ value: string; expiresAt: number }> | undefined;
  private writing = false;

  /**
   * Written to Redis now, or, when Redis does not take it (down, or the write failed), as soon as Redis is up
   * again: other containers miss a record made during an outage only until Redis is back. Bounded like the
   * memory; the oldest waiting go first.
   */
  async shareEventually(key: string, value: string, ttlMs: number): Promise<void> {
    const expiresAt = Date.now() + ttlMs;
    if (await this.share(key, value, ttlMs)) return;
    if (!this.unwritten) {
      this.unwritten = new ProcessTier({ maxEntries: this.memory.max || MAX_WAITING });
      this.redis.onUp(() => void this.writeUnwritten());
    }
    this.unwritten.set(key, { value, expiresAt });
  }

  /** Writes what waited, oldest first; what fails again waits for the next time Redis is up. */
  private async writeUnwritten(): Promise<void> {
    if (this.writing || !this.unwritten) return;
    this.writing = true;
    try {
      for (const [key, { value, expiresAt }] of [...this.unwritten.entries()].reverse()) {
        const left = expiresAt - Date.now();
        if (left > 0 && !(await this.share(key, value, left))) return;
        this.unwritten.delete(key);
      }
    } finally {
      this.writing = false;
    }
  }

  get configured(): boolean {
    return this.redis.configured;
  }

  /** Kept here and in Redis; whether Redis took it. */
  async keep(key: string, value: string, ttlMs: number): Promise<boolean> {
    this.memory.set(key, value, { ttl: ttlMs });
    return this.share(key, value, ttlMs);
  }

  /** Written to Redis alone; whether Redis took it (on a cluster: and a replica of its master has it). */
  async share(key: string, value: string, ttlMs: number): Promise<boolean> {
    const answer = await this.redis.ifUp((client) =>
      client.set(key, value, { expiration: { type: 'PX', value: ttlMs } }),
    );
    return answer !== undefined && (await this.redis.replicated(key)) !== false;
  }

  /**
   * Redis `SET NX`: whether this call set it, or undefined when Redis could not be asked. On a cluster the claim
   * counts once a replica has it too (WAIT), so the replica that takes over from a failed master knows it; one
   * no replica took in time is not a claim (undefined: the caller waits or refuses).
   */
  async claim(key: string, value: string, ttlMs: number): Promise<boolean | undefined> {
    const answer = await this.redis.ifUp((client) =>
      client.set(key, value, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }),
    );
    if (answer === undefined) return undefined;
    if (answer !== 'OK') return false;
    if ((await this.redis.replicated(key)) !== false) return true;
    await this.redis.ifUp((client) => client.del(key)); // this claim is let go: a retry claims it again
    return undefined;
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

/** Records waiting for Redis when the memory is bounded by bytes rather than a count. */
const MAX_WAITING = 10_000;
