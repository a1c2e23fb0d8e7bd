import { LRUCache } from 'lru-cache';
import type { RedisConnection } from './redisConnection.js';

/**
 * `unconfirmed`: an earlier attempt failed in a way that leaves open whether the service made the
 * write (no answer in time, a connection cut after the request went out, a broken 2xx answer).
 */
export type Reservation = 'reserved' | 'in_flight' | 'unconfirmed' | 'delivered';

const DELIVERED_TTL_MS = 24 * 60 * 60_000;
/** Added to the write's own deadline: a reservation outlives the call it guards, then frees itself if the process died. */
const IN_FLIGHT_MARGIN_MS = 10_000;
/**
 * How long an unconfirmed write is not sent again: longer than the client kit's automatic retries and
 * a double click (seconds), short enough that a shopper told it failed can send again deliberately.
 */
export const UNCONFIRMED_HOLD_MS = 60_000;
const KEY_PREFIX = 'bff:forms:submission:';
const IN_FLIGHT = 'in_flight';
const UNCONFIRMED = 'unconfirmed';

export interface SubmissionLedgerOptions {
  /** Bound of this process's own memory of ids (estimated heap bytes). */
  maxBytes: number;
  /** The longest a guarded write may take (its upstream deadline). */
  writeDeadlineMs: number;
  /** One ledger per kind of write (forms, bookings), so their ids never meet. */
  prefix?: string;
}

/**
 * Which writes (leads, bookings) reached their service in the last 24 hours, by the client's id for
 * them, so a retried submission never makes a second one. Redis `SET NX` when Redis is up (shared by
 * every container), this process's memory otherwise. An id is reserved while its call runs, marked
 * delivered when the service accepted it, held as unconfirmed for a while when the outcome is unknown,
 * and released when the service certainly did not make it, so a retry can try again.
 */
export class SubmissionLedger {
  /** 'in_flight', 'unconfirmed', or the answer a delivered write gave (JSON); bounded by estimated heap bytes (two a character, plus the LRU's slots). */
  private readonly memory: LRUCache<string, string>;
  private readonly prefix: string;
  private readonly inFlightTtlMs: number;

  constructor(
    private readonly redis: RedisConnection,
    options: SubmissionLedgerOptions,
  ) {
    this.prefix = options.prefix ?? KEY_PREFIX;
    this.inFlightTtlMs = options.writeDeadlineMs + IN_FLIGHT_MARGIN_MS;
    this.memory = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (value, key) => 2 * (key.length + value.length) + 120,
      ttlAutopurge: false,
    });
  }

  get bytes(): number {
    return this.memory.calculatedSize;
  }

  async reserve(id: string): Promise<Reservation> {
    const key = this.prefix + id;
    const remembered = this.memory.get(key);
    if (remembered !== undefined && remembered !== IN_FLIGHT) return stateOf(remembered);
    const client = this.redis.available();
    if (client) {
      try {
        const set = await client.set(key, IN_FLIGHT, {
          condition: 'NX',
          expiration: { type: 'PX', value: this.inFlightTtlMs },
        });
        if (set === 'OK') return 'reserved';
        return stateOf((await client.get(key)) ?? IN_FLIGHT);
      } catch {
        /* Redis failed mid-way: this process's memory decides */
      }
    }
    const known = this.memory.get(key);
    if (known) return stateOf(known);
    this.memory.set(key, IN_FLIGHT, { ttl: this.inFlightTtlMs });
    return 'reserved';
  }

  /** `answer`: what the write answered (JSON), given again to a retry of it (answerOf). */
  async markDelivered(id: string, answer: string): Promise<void> {
    await this.hold(id, answer, DELIVERED_TTL_MS);
  }

  /** The write may have been made: no attempt with this id is sent for UNCONFIRMED_HOLD_MS. */
  async markUnconfirmed(id: string): Promise<void> {
    await this.hold(id, UNCONFIRMED, UNCONFIRMED_HOLD_MS);
  }

  /** The answer a delivered write kept, when it kept one. */
  async answerOf(id: string): Promise<string | undefined> {
    const key = this.prefix + id;
    const stored =
      this.memory.get(key) ??
      (await this.redis
        .available()
        ?.get(key)
        .catch(() => null)) ??
      undefined;
    return stored === undefined || stored === IN_FLIGHT || stored === UNCONFIRMED ? undefined : stored;
  }

  async release(id: string): Promise<void> {
    const key = this.prefix + id;
    this.memory.delete(key);
    await this.redis
      .available()
      ?.del(key)
      .catch(() => undefined);
  }

  private async hold(id: string, value: string, ttlMs: number): Promise<void> {
    const key = this.prefix + id;
    this.memory.set(key, value, { ttl: ttlMs });
    await this.redis
      .available()
      ?.set(key, value, { expiration: { type: 'PX', value: ttlMs } })
      .catch(() => undefined);
  }
}

function stateOf(stored: string): Exclude<Reservation, 'reserved'> {
  return stored === IN_FLIGHT ? 'in_flight' : stored === UNCONFIRMED ? 'unconfirmed' : 'delivered';
}
