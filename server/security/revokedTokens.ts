import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../store/redisConnection.js';
import { SharedRecords } from '../store/sharedRecords.js';

/**
 * Tire-hotel session tokens a shopper logged out of: refused until they would have expired. The
 * tire-hotel contract has no revocation, so the BFF keeps a deny-list: in Redis (every container
 * refuses the token) and in this process's memory (what holds without Redis). Keyed by a hash, so
 * no token sits in Redis. A revocation Redis did not take (it was down, or the write failed) waits
 * in memory and is written when Redis is up again: the other containers accept a token logged out
 * during an outage only until Redis is back, never for the rest of its life.
 */
export class RevokedTokens {
  private readonly records: SharedRecords;
  /** Revocations not yet in Redis, with when each expires (bounded like the records; the oldest go first). */
  private readonly unwritten = new LRUCache<string, number>({ max: MAX_REVOKED });

  constructor(
    redis: RedisConnection,
    private readonly keyPrefix = 'bff:revoked-session:',
  ) {
    this.records = new SharedRecords(redis, { max: MAX_REVOKED, ttl: REVOKED_FOR_MS });
    redis.onUp(() => void this.writeUnwritten());
  }

  async revoke(token: string): Promise<void> {
    const key = this.keyPrefix + hashed(token);
    this.records.memory.set(key, REVOKED);
    if (!this.records.configured) return;
    if (!(await this.write(key, Date.now() + REVOKED_FOR_MS))) this.unwritten.set(key, Date.now() + REVOKED_FOR_MS);
  }

  async isRevoked(token: string): Promise<boolean> {
    return (await this.records.read(this.keyPrefix + hashed(token))) !== undefined;
  }

  private async write(key: string, expiresAt: number): Promise<boolean> {
    const left = expiresAt - Date.now();
    return left <= 0 || this.records.share(key, REVOKED, left);
  }

  private writing = false;
  /** Writes what waited, oldest first; what fails again waits for the next time Redis is up. */
  private async writeUnwritten(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      for (const [key, expiresAt] of [...this.unwritten.entries()].reverse()) {
        if (!(await this.write(key, expiresAt))) return;
        this.unwritten.delete(key);
      }
    } finally {
      this.writing = false;
    }
  }
}

/** Longer than any session the tire-hotel service issues (30 minutes in its contract), so a revoked token never outlives its entry. */
export const REVOKED_FOR_MS = 12 * 60 * 60_000;
/** Revocations one process remembers (about 100 bytes each). */
const MAX_REVOKED = 100_000;
const REVOKED = '1';

const hashed = (token: string) => createHash('sha256').update(token).digest('base64url');
