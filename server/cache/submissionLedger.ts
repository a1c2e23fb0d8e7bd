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
  /** Bounded by estimated heap bytes: two a key character, plus the LRU's slots. */
  private readonly memory: LRUCache<string, 'in_flight' | 'delivered'>;

  constructor(
    private readonly redis: RedisConnection,
    maxBytes: number,
  ) {
    this.memory = new LRUCache({ maxSize: maxBytes, sizeCalculation: (_, key) => 2 * key.length + 120, ttlAutopurge: false });
  }

  get bytes(): number {
    return this.memory.calculatedSize;
  }

  async reserve(id: string): Promise<Reservation> {
    const key = KEY_PREFIX + id;
    if (this.memory.get(key) === 'delivered') return 'delivered';
    const client = this.redis.available();
    if (client) {
      try {
        const set = await client.set(key, 'in_flight', { condition: 'NX', expiration: { type: 'PX', value: IN_FLIGHT_TTL_MS } });
        if (set === 'OK') return 'reserved';
        return (await client.get(key)) === 'delivered' ? 'delivered' : 'in_flight';
      } catch {
        /* Redis failed mid-way: this process's memory decides */
      }
    }
    const known = this.memory.get(key);
    if (known) return known;
    this.memory.set(key, 'in_flight', { ttl: IN_FLIGHT_TTL_MS });
    return 'reserved';
  }

  async markDelivered(id: string): Promise<void> {
    const key = KEY_PREFIX + id;
    this.memory.set(key, 'delivered', { ttl: DELIVERED_TTL_MS });
    await this.redis.available()?.set(key, 'delivered', { expiration: { type: 'PX', value: DELIVERED_TTL_MS } }).catch(() => undefined);
  }

  async release(id: string): Promise<void> {
    const key = KEY_PREFIX + id;
    this.memory.delete(key);
    await this.redis.available()?.del(key).catch(() => undefined);
  }
}
