import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnection } from './redisConnection.js';

/** Allowed; or refused until `retryAfterS`, because the window is used up or (`unavailable`) because Redis could not count. */
export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterS: number; unavailable?: true };

/**
 * What a limiter does while the configured Redis cannot answer: `countHere` counts in each process
 * alone (the limit is multiplied by the replicas for a while, and nothing fails); `refuse` refuses
 * every attempt, for limits an attacker would otherwise get k times over (the account limits of rateLimits.ts).
 */
export type WhenRedisFails = 'countHere' | 'refuse';

/**
 * A counter window shared by every container through Redis (rate-limiter-flexible), and counted in this
 * process too: an attempt passes only when both counts allow it. The process's own count is a hard bound
 * that holds while Redis flaps (a command past its deadline, a client being replaced): counts made in Redis
 * and in memory never add up to more than the limit in one process, and while Redis is away each container
 * still counts on its own instead of failing the request (`countHere`); a `refuse` limiter counts in Redis
 * alone and refuses while it cannot (in memory only when no Redis is configured at all). Keys are hashed,
 * so tokens and phone numbers never sit in Redis. The process's windows are a bounded LRU (`LOCAL_WINDOWS`
 * keys a limiter, about 1.5 MB): keys a client makes up (registration numbers, addresses) cannot grow
 * memory without bound, and a window let go is still counted in Redis.
 */
export class SharedRateLimiter {
  private readonly local: LRUCache<string, { consumed: number; endsAt: number }>;
  private redisLimiter: { client: object; limiter: RateLimiterRedis } | undefined;
  private readonly whenRedisFails: WhenRedisFails;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: {
      keyPrefix: string;
      points: number;
      durationS: number;
      whenRedisFails?: WhenRedisFails;
      /** Told of each attempt refused for being over the limit (the metrics count them by limit). */
      onRefused?: () => void;
    },
  ) {
    this.local = new LRUCache({ max: LOCAL_WINDOWS });
    this.whenRedisFails = options.whenRedisFails ?? 'countHere';
  }

  /** An attempt was refused for being over this limit. */
  noteRefusal(): void {
    this.options.onRefused?.();
  }

  /** Whether this limiter counts in Redis only: it refuses, and Redis is configured. */
  private get redisOnly(): boolean {
    return this.whenRedisFails === 'refuse' && this.redis.configured;
  }

  /**
   * Counts one attempt (or `points` of it: bytes, for a store budget), atomically (one Redis increment),
   * so concurrent attempts can never pass the limit together; refused once the window's points are used up.
   */
  async consume(key: string, points = 1): Promise<LimitOutcome> {
    const id = hashed(key);
    const shared = this.sharedLimiter();
    if (this.redisOnly) {
      const everywhere = shared ? await this.counted(shared, id, points) : null;
      if (!everywhere) return UNAVAILABLE;
      return everywhere.refused ? { allowed: false, retryAfterS: retryAfter(everywhere.res) } : { allowed: true };
    }
    const local = this.countHere(id, points);
    const everywhere = shared ? await this.counted(shared, id, points) : null;
    if (local.refused) return { allowed: false, retryAfterS: Math.max(1, Math.ceil(local.msBeforeNext / 1000)) };
    // A Redis that failed (null) leaves the decision to this process's count.
    return everywhere?.refused ? { allowed: false, retryAfterS: retryAfter(everywhere.res) } : { allowed: true };
  }

  /**
   * Gives back points counted for an attempt a later limit refused (a code send refused for the agreement is no
   * send of the client's). Best effort: a point Redis does not get back stays counted.
   */
  async refund(key: string, points = 1): Promise<void> {
    const id = hashed(key);
    const open = this.local.get(id);
    if (open) open.consumed = Math.max(0, open.consumed - points);
    await this.sharedLimiter()
      ?.reward(id, points)
      .catch((err: unknown) => this.redis.reportFault(err, 'limit refund'));
  }

  /** One count and whether the limiter refused it; null when its store failed (a Redis fault, told as one). */
  private async counted(
    limiter: RateLimiterAbstract,
    id: string,
    points: number,
  ): Promise<{ refused: boolean; res: RateLimiterRes } | null> {
    try {
      return { refused: false, res: await limiter.consume(id, points) };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { refused: true, res: rejection };
      this.redis.reportFault(rejection, `limit ${this.options.keyPrefix}`);
      return null;
    }
  }

  /** This process's fixed window for a key, as rate-limiter-flexible counts one: it starts with the first attempt. */
  private countHere(id: string, points: number, now = Date.now()): { refused: boolean; msBeforeNext: number } {
    const open = this.local.get(id);
    const window = open && open.endsAt > now ? open : { consumed: 0, endsAt: now + this.options.durationS * 1000 };
    window.consumed += points;
    this.local.set(id, window);
    return { refused: window.consumed > this.options.points, msBeforeNext: window.endsAt - now };
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

/** Seconds a client is asked to wait when Redis could not count: about as long as the connection takes to tell an outage or recover. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
const UNAVAILABLE: LimitOutcome = { allowed: false, retryAfterS: UNAVAILABLE_RETRY_AFTER_S, unavailable: true };

/** Windows one limiter keeps in this process (an entry is about 150 bytes). */
const LOCAL_WINDOWS = 10_000;

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);
const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
