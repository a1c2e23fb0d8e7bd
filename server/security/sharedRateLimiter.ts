import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnection } from '../cache/redisConnection.js';

export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterS: number };

/**
 * A counter window shared by every container through Redis (rate-limiter-flexible), and counted in this
 * process too: an attempt passes only when both counts allow it. The process's own count is a hard bound
 * that holds while Redis flaps (a command past its deadline, a client being replaced): counts made in Redis
 * and in memory never add up to more than the limit in one process, and while Redis is away each container
 * still counts on its own instead of failing the request. Keys are hashed, so tokens and phone numbers
 * never sit in Redis.
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
    const id = hashed(key);
    const shared = this.sharedLimiter();
    const [local, everywhere] = await Promise.all([counted(this.memory, id), shared ? counted(shared, id) : Promise.resolve(null)]);
    // A Redis that failed (null) leaves the decision to this process's count.
    const refusal = [local, everywhere].find((outcome) => outcome?.refused);
    return refusal ? { allowed: false, retryAfterS: retryAfter(refusal.res) } : { allowed: true };
  }

  private sharedLimiter(): RateLimiterAbstract | undefined {
    const client = this.redis.available();
    if (!client) return undefined;
    // A client that stopped answering is replaced by a new one (redisConnection.ts): count on the one in use.
    if (this.redisLimiter?.client === client) return this.redisLimiter.limiter;
    const limiter = new RateLimiterRedis({
      storeClient: client,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      keyPrefix: this.options.keyPrefix,
      points: this.options.points,
      duration: this.options.durationS,
    });
    this.redisLimiter = { client, limiter };
    return limiter;
  }
}

/** One count and whether the limiter refused it; null when its store failed. */
async function counted(limiter: RateLimiterAbstract, id: string): Promise<{ refused: boolean; res: RateLimiterRes } | null> {
  try {
    return { refused: false, res: await limiter.consume(id) };
  } catch (rejection) {
    return rejection instanceof RateLimiterRes ? { refused: true, res: rejection } : null;
  }
}

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);
const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
