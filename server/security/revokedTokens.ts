import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../cache/redisConnection.js';

/**
 * Tire-hotel session tokens a shopper logged out of: refused until they would have expired. The
 * tire-hotel contract has no revocation, so the BFF keeps a deny-list: in Redis (every container
 * refuses the token) and in this process's memory (what holds without Redis). Keyed by a hash, so
 * no token sits in Redis.
 */
export class RevokedTokens {
  private readonly memory = new LRUCache<string, true>({ max: 100_000, ttl: REVOKED_FOR_MS, ttlAutopurge: false });

  constructor(
    private readonly redis: RedisConnection,
    private readonly keyPrefix = 'bff:revoked-session:',
  ) {}

  async revoke(token: string): Promise<void> {
    const key = this.keyPrefix + hashed(token);
    this.memory.set(key, true);
    await this.redis.available()?.set(key, '1', { expiration: { type: 'PX', value: REVOKED_FOR_MS } }).catch(() => undefined);
  }

  async isRevoked(token: string): Promise<boolean> {
    const key = this.keyPrefix + hashed(token);
    if (this.memory.has(key)) return true;
    const answer = await this.redis.available()?.exists(key).catch(() => 0);
    return answer === 1;
  }
}

/** Longer than any session the tire-hotel service issues (30 minutes in its contract), so a revoked token never outlives its entry. */
export const REVOKED_FOR_MS = 12 * 60 * 60_000;

const hashed = (token: string) => createHash('sha256').update(token).digest('base64url');
