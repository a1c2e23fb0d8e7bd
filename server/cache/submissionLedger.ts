import { LRUCache } from 'lru-cache';
import type { RedisConnection } from './redisConnection.js';

export type Reservation = 'reserved' | 'in_flight' | 'delivered';

const DELIVERED_TTL_MS = 24 * 60 * 60_000;
/** Longer than any hub call may take; after it a stuck reservation frees itself. */
const IN_FLIGHT_TTL_MS = 30_000;
const KEY_PREFIX = 'bff:forms:submission:';

/**
 * Which formSubmissionIds reached the forms hub in the last 24 hours, so a retried submission
 * never makes a second lead. Redis `SET NX` when Redis is up (shared by every container), this
 * process's memory otherwise. A submission is reserved while its hub call runs, marked delivered
 * when the hub accepted it, and released when the call failed, so a retry can try again.
 */
export class SubmissionLedger {
  /** 'in_flight', 'delivered', or the answer a delivered write gave (JSON); bounded by estimated heap bytes (two a character, plus the LRU's slots). */
  private readonly memory: LRUCache<string, string>;

  /** `prefix`: one ledger per kind of write (forms, bookings), so their ids never meet. */
  constructor(
    private readonly redis: RedisConnection,
    maxBytes: number,
    private readonly prefix = KEY_PREFIX,
  ) {
    this.memory = new LRUCache({ maxSize: maxBytes, sizeCalculation: (value, key) => 2 * (key.length + value.length) + 120, ttlAutopurge: false });
  }

  get bytes(): number {
    return this.memory.calculatedSize;
  }

  async reserve(id: string): Promise<Reservation> {
    const key = this.prefix + id;
    const remembered = this.memory.get(key);
    if (remembered !== undefined && remembered !== 'in_flight') return 'delivered';
    const client = this.redis.available();
    if (client) {
      try {
        const set = await client.set(key, 'in_flight', { condition: 'NX', expiration: { type: 'PX', value: IN_FLIGHT_TTL_MS } });
        if (set === 'OK') return 'reserved';
        const value = await client.get(key);
        return value === null || value === 'in_flight' ? 'in_flight' : 'delivered';
      } catch {
        /* Redis failed mid-way: this process's memory decides */
      }
    }
    const known = this.memory.get(key);
    if (known) return known === 'in_flight' ? 'in_flight' : 'delivered';
    this.memory.set(key, 'in_flight', { ttl: IN_FLIGHT_TTL_MS });
    return 'reserved';
  }

  /** `answer`: what the write answered (JSON), given again to a retry of it (answerOf). */
  async markDelivered(id: string, answer?: string): Promise<void> {
    const key = this.prefix + id;
    this.memory.set(key, answer ?? 'delivered', { ttl: DELIVERED_TTL_MS });
    await this.redis.available()?.set(key, answer ?? 'delivered', { expiration: { type: 'PX', value: DELIVERED_TTL_MS } }).catch(() => undefined);
  }

  /** The answer a delivered write kept, when it kept one. */
  async answerOf(id: string): Promise<string | undefined> {
    const key = this.prefix + id;
    const stored = this.memory.get(key) ?? (await this.redis.available()?.get(key).catch(() => null)) ?? undefined;
    return stored === undefined || stored === 'in_flight' || stored === 'delivered' ? undefined : stored;
  }

  async release(id: string): Promise<void> {
    const key = this.prefix + id;
    this.memory.delete(key);
    await this.redis.available()?.del(key).catch(() => undefined);
  }
}
