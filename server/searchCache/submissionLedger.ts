import type { RedisConnection } from '../store/redisConnection.js';
import { SharedRecords } from '../store/sharedRecords.js';

/**
 * `unconfirmed`: an earlier attempt failed in a way that leaves open whether the service made the
 * write (no answer in time, a connection cut after the request went out, a broken 2xx answer).
 */
export type Reservation = 'reserved' | 'in_flight' | 'unconfirmed' | 'delivered' | 'unrecorded';

const DELIVERED_TTL_MS = 24 * 60 * 60_000;
/** Added to the write's own deadline: a reservation outlives the call it guards, then frees itself if the process died. */
const IN_FLIGHT_MARGIN_MS = 10_000;
/**
 * How long an unconfirmed write is not sent again: longer than the client kit's automatic retries and
 * a double click (seconds), short enough that a shopper told it failed can send again deliberately.
 */
export const UNCONFIRMED_HOLD_MS = 60_000;
const KEY_PREFIX = 'bff:forms:submission:';
/**
 * How long a write waits for a configured Redis to record its id (a master failing over, a connection being
 * replaced) before it is refused (`unrecorded`): a failover of a cluster with a short node timeout is over by
 * then, and a shopper waits no longer than a slow send. Asked again every LEDGER_RETRY_MS.
 */
export const LEDGER_WAIT_MS = 4_000;
const LEDGER_RETRY_MS = 200;
/** How long a delivered write's record is written again while Redis cannot take it (this process remembers it meanwhile). */
const DELIVERED_RETRY_MS = 60_000;
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

  /**
   * Claims the id for one write. With Redis configured its record there decides, never this process's memory
   * alone: another replica may hold the id's record, so an id Redis cannot record within LEDGER_WAIT_MS is
   * `unrecorded` (the write is refused for now, closed rather than sent twice). Without Redis, memory decides.
   */
  async reserve(id: string, wait: (ms: number) => Promise<void> = sleep): Promise<Reservation> {
    const key = this.prefix + id;
    const { memory } = this.records;
    const remembered = memory.get(key);
    if (remembered !== undefined && remembered !== IN_FLIGHT) return stateOf(remembered);
    if (!this.records.configured) {
      if (remembered) return stateOf(remembered);
      memory.set(key, IN_FLIGHT, { ttl: this.inFlightTtlMs });
      return 'reserved';
    }
    for (const started = Date.now(); ; await wait(LEDGER_RETRY_MS)) {
      const claimed = await this.records.claim(key, IN_FLIGHT, this.inFlightTtlMs);
      if (claimed === true) return 'reserved';
      if (claimed === false) return stateOf((await this.records.readShared(key)) ?? IN_FLIGHT);
      if (Date.now() - started >= LEDGER_WAIT_MS) return 'unrecorded';
    }
  }

  /** `answer`: what the write answered (JSON), given again to a retry of it (answerOf). */
  async markDelivered(id: string, answer: string): Promise<void> {
    const key = this.prefix + id;
    if (await this.records.keep(key, answer, DELIVERED_TTL_MS)) return;
    if (!this.records.configured) return;
    // Written again until Redis takes it: a retry on another replica must find it delivered, not its claim run out.
    void (async () => {
      for (const started = Date.now(); Date.now() - started < DELIVERED_RETRY_MS;) {
        await sleep(LEDGER_RETRY_MS * 5);
        if (await this.records.share(key, answer, DELIVERED_TTL_MS)) return;
      }
    })();
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function stateOf(stored: string): Exclude<Reservation, 'reserved'> {
  return stored === IN_FLIGHT ? 'in_flight' : stored === UNCONFIRMED ? 'unconfirmed' : 'delivered';
}
