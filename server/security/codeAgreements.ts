import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../cache/redisConnection.js';

/** What a look-up gives: the agreement, none known, or no answer from Redis. */
export type AgreementOf = { agreement: string | undefined } | 'unavailable';

/**
 * Which agreement each sent code belongs to, so a guess can be counted against the agreement's daily
 * budget of wrong codes: the validate call carries only the code's login token. Written when the code
 * is sent, before its cookie is set, and kept as long as a code is guessed (`codeGuessesPerCode`'s
 * window). Both are hashes (`agreementId`). In Redis when configured (every container finds it; a Redis that cannot answer is
 * 'unavailable', and the caller refuses), in this process's memory otherwise. No token or
 * phone number sits in Redis.
 */
export class CodeAgreements {
  private readonly memory = new LRUCache<string, string>({ max: 10_000, ttl: KEPT_FOR_MS, ttlAutopurge: false });

  constructor(
    private readonly redis: RedisConnection,
    private readonly keyPrefix: string,
  ) {}

  /** Records the code's agreement (its `agreementId`); false when Redis is configured and did not take it. */
  async remember(loginToken: string, agreement: string): Promise<boolean> {
    const key = this.keyPrefix + hashed(loginToken);
    const value = agreement;
    if (!this.redis.configured) {
      this.memory.set(key, value);
      return true;
    }
    const client = this.redis.available();
    if (!client) return false;
    return client.set(key, value, { expiration: { type: 'PX', value: KEPT_FOR_MS } }).then(
      () => true,
      () => false,
    );
  }

  async agreementOf(loginToken: string): Promise<AgreementOf> {
    const key = this.keyPrefix + hashed(loginToken);
    if (!this.redis.configured) return { agreement: this.memory.get(key) };
    const client = this.redis.available();
    if (!client) return 'unavailable';
    return client.get(key).then(
      (value) => ({ agreement: value ?? undefined }),
      () => 'unavailable' as const,
    );
  }
}

/** As long as a sent code can be guessed (RATE_LIMIT_CODE_GUESSES_PER_CODE's default window; the login cookie lives 10 minutes). */
const KEPT_FOR_MS = 15 * 60_000;

/** The agreement of an `encryptedPhoneNumber` (one agreement, one phone), as remembered and counted. */
export const agreementId = (encryptedPhoneNumber: string) => hashed(encryptedPhoneNumber);

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);
