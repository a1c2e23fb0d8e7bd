import { randomBytes } from 'node:crypto';
import type { RedisConnection } from '../store/redisConnection.js';
import { SharedRecords } from '../store/sharedRecords.js';
import type { PostedForm } from '../../contracts/leadFormPost.js';

/**
 * Long enough to read the answer after a slow phone's redirect, short enough that what a shopper typed does
 * not stay: the page that shows it takes it away at once.
 */
export const POSTED_FORM_TTL_MS = 10 * 60_000;
const PREFIX = 'bff:forms:posted:';
const TOKEN = /^[A-Za-z0-9_-]{22,43}$/;

/** What a page shows once after a lead form's post: the answer, and the page (public path) it belongs to. */
export interface PostedRecord {
  path: string;
  posted: PostedForm;
}

/**
 * The answers of lead forms posted without scripts, each under a one-time token the shopper's cookie names
 * (never in an address or a log line). In Redis, so the replica that renders the page after the redirect
 * finds what another one was posted; in this process's memory while Redis is not there.
 */
export class PostedForms {
  private readonly records: SharedRecords;

  constructor(redis: RedisConnection, maxBytes: number) {
    this.records = new SharedRecords(redis, {
      maxSize: maxBytes,
      sizeCalculation: (value, key) => 2 * (key.length + value.length) + 120,
    });
  }

  get bytes(): number {
    return this.records.memory.calculatedSize;
  }

  /** Keeps an answer and gives its token. */
  async keep(record: PostedRecord): Promise<string> {
    const token = randomBytes(18).toString('base64url');
    const text = JSON.stringify(record);
    // Redis alone when it takes it (a shopper's personal data is not copied into every process); else here.
    if (!(await this.records.share(PREFIX + token, text, POSTED_FORM_TTL_MS)))
      this.records.memory.set(PREFIX + token, text, { ttl: POSTED_FORM_TTL_MS });
    return token;
  }

  /** The answer a token names, if it is still kept. */
  async read(token: string): Promise<PostedRecord | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const text = await this.records.read(PREFIX + token);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as PostedRecord;
    } catch {
      return undefined;
    }
  }

  /** Shown once: the page that showed it forgets it. */
  forget(token: string): Promise<void> {
    return this.records.forget(PREFIX + token);
  }
}
