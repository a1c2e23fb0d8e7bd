import { createHash } from 'node:crypto';
import type { RedisConnection } from '../store/redisConnection.js';
import { SharedRecords } from '../store/sharedRecords.js';

/**
 * Tire-hotel session tokens a shopper logged out of: refused until they would have expired. The
 * tire-hotel contract has no revocation, so the BFF keeps a deny-list: in Redis (every container
 * refuses the token) and in this process's memory (what holds without Redis). Keyed by a hash, so
 * no token sits in Redis. A revocation Redis did not take (it was down, or the write failed) waits
 * in memory and is written when Redis is up again (SharedRecords.shareEventually): the other containers
 * accept a token logged out during an outage only until Redis is back, never for the rest of its life.
 */
export class RevokedTokens {
  private readonly records: SharedRecords;

  constructor(
    redis: RedisConnection,
    private readonly keyPrefix = 'bff:revoked-session:',
  ) {
    this.records = new SharedRecords(redis, { max: MAX_REVOKED, ttl: REVOKED_FOR_MS });
  }

  async revoke(token: string): Promise<void> {
    const key = this.keyPrefix + hashed(token);
    this.records.memory.set(key, REVOKED);
    if (!this.records.configured) return;
    await this.records.shareEventually(key, REVOKED, REVOKED_FOR_MS);
  }

  async isRevoked(token: string): Promise<boolean> {
    return (await this.records.read(this.keyPrefix + hashed(token))) !== undefined;
  }
}

/** Longer than any session the tire-hotel service issues (30 minutes in its contract), so a revoked token never outlives its entry. */
export const REVOKED_FOR_MS = 12 * 60 * 60_000;
/** Revocations one process remembers (about 100 bytes each). */
const MAX_REVOKED = 100_000;
const REVOKED = '1';

const hashed = (token: string) => createHash('sha256').update(token).digest('base64url');
