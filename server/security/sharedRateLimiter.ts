import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnection } from '../cache/redisConnection.js';

export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterS: number };

/**
 * A counter window shared by every container through Redis (rate-limiter-flexible), with an
 * in-memory limiter as insurance: while Redis is down or slow, each container counts on its own
 * instead of failing the request. Keys are hashed, so tokens and phone numbers never sit in Redis.
 */
export class SharedRateLimiter {
  private readonly memory: RateLimiterMemory;
  private redisLimiter: { client: object; limiter: RateLimiterRedis } | undefined;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: { keyPrefix: string; points: number; durationS: number },
  ) {
    this.memory = new RateLimiterMemory({ keyPrefix: options.keyPrefix, points: options.points, duration: options.durationS });
  }

  /** Counts one attempt, atomically (one Redis increment), so concurrent attempts can never pass the limit together; refused once the window's points are used up. */
  async consume(key: string): Promise<LimitOutcome> {
    try {
      await this.limiter().consume(hashed(key));
      return { allowed: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterS: retryAfter(rejection) };
      return { allowed: true }; // both stores failed: let the request through rather than lock everybody out
    }
  }

  private limiter(): RateLimiterAbstract {
    const client = this.redis.available();
    if (!client) return this.memory;
    // A client that stopped answering is replaced by a new one (redisConnection.ts): count on the one in use.
    if (this.redisLimiter?.client === client) return this.redisLimiter.limiter;
    const limiter = new RateLimiterRedis({
      storeClient: client,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      keyPrefix: this.options.keyPrefix,
      points: this.options.points,
      duration: this.options.durationS,
      insuranceLimiter: this.memory,
    });
    this.redisLimiter = { client, limiter };
    return limiter;
  }
}

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);
const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
