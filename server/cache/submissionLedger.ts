import type { RedisConnection } from '../store/redisConnection.js';
import { SharedRecords } from '../store/sharedRecords.js';

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
  /** 'in_flight', 'unconfirmed', or the answer a delivered write gave (JSON); this process's copy bounded by estimated heap bytes (two a character, plus the LRU's slots). */
  private readonly records: SharedRecords;
  private readonly prefix: string;
  private readonly inFlightTtlMs: number;

  constructor(redis: RedisConnection, options: SubmissionLedgerOptions) {
    this.prefix = options.prefix ?? KEY_PREFIX;
    this.inFlightTtlMs = options.writeDeadlineMs + IN_FLIGHT_MARGIN_MS;
    this.records = new SharedRecords(redis, {
      maxSize: options.maxBytes,
      sizeCalculation: (value, key) => 2 * (key.length + value.length) + 120,
    });
  }

  get bytes(): number {
    return this.records.memory.calculatedSize;
  }

  async reserve(id: string): Promise<Reservation> {
    const key = this.prefix + id;
    const { memory } = this.records;
    const remembered = memory.get(key);
    if (remembered !== undefined && remembered !== IN_FLIGHT) return stateOf(remembered);
    const claimed = await this.records.claim(key, IN_FLIGHT, this.inFlightTtlMs);
    if (claimed === true) return 'reserved';
    if (claimed === false) return stateOf((await this.records.readShared(key)) ?? IN_FLIGHT);
    // Redis could not be asked: this process's memory decides.
    const known = memory.get(key);
    if (known) return stateOf(known);
    memory.set(key, IN_FLIGHT, { ttl: this.inFlightTtlMs });
    return 'reserved';
  }

  /** `answer`: what the write answered (JSON), given again to a retry of it (answerOf). */
  async markDelivered(id: string, answer: string): Promise<void> {
    await this.records.keep(this.prefix + id, answer, DELIVERED_TTL_MS);
  }

  /** The write may have been made: no attempt with this id is sent for UNCONFIRMED_HOLD_MS. */
  async markUnconfirmed(id: string): Promise<void> {
    await this.records.keep(this.prefix + id, UNCONFIRMED, UNCONFIRMED_HOLD_MS);
  }

  /** The answer a delivered write kept, when it kept one. */
  async answerOf(id: string): Promise<string | undefined> {
    const stored = await this.records.read(this.prefix + id);
    return stored === undefined || stored === IN_FLIGHT || stored === UNCONFIRMED ? undefined : stored;
  }

  async release(id: string): Promise<void> {
    await this.records.forget(this.prefix + id);
  }
}

function stateOf(stored: string): Exclude<Reservation, 'reserved'> {
  return stored === IN_FLIGHT ? 'in_flight' : stored === UNCONFIRMED ? 'unconfirmed' : 'delivered';
}
