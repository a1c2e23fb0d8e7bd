import type { Logger } from 'pino';
import { PARSED_ANSWER_HEAP_FACTOR } from '../memoryBudget.js';
import type { Metrics } from '../metrics.js';
import type { SearchRequest, SearchResponse } from '../../contracts/upstream/search.js';
import type { SearchClient } from '../upstream/searchClient.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { RedisConnection } from '../store/redisConnection.js';
import type { StoreBudget } from '../store/storeBudgets.js';
import { TieredStore, type CacheResult } from '../store/tieredStore.js';
import type { Codec } from '../store/tiers.js';
import { normaliseSearchRequest, searchCacheKey } from './normaliseSearchRequest.js';

export type { CacheResult };

/**
 * Asked before a search this cache does not hold goes to the upstream on a caller's behalf (not when the
 * caller joins a call already running, nor for a background refresh): false refuses it with `UpstreamCallRefused`.
 * A per-client bound on what a client makes us ask upstream, counting only what costs an upstream call.
 */
export type AdmitUpstream = () => Promise<boolean>;

/** A search the caller's bound on upstream calls refused (`AdmitUpstream`). */
export class UpstreamCallRefused extends Error {
  constructor() {
    super('a search for this client was refused: its bound on upstream calls is used up');
    this.name = 'UpstreamCallRefused';
  }
}

/** Stored form: `v2 <storedAt>\n` then the answer's JSON exactly as /api/search sends it. */
const ENTRY_HEADER = /^v2 (\d+)\n/;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

interface ParsedAnswer {
  storedAt: number;
  value: SearchResponse;
  heapBytes: number;
}

export interface Entry {
  storedAt: number;
  /** The answer's JSON, UTF-8: checked against the search contract once, when it came from the upstream. */
  bytes: Buffer;
  /** The stored form (header, then `bytes`, which is a view of it): what Redis keeps. */
  stored: Buffer;
}

/** A search answer as Redis keeps it. */
const SEARCH_CODEC: Codec<Entry> = { encode: (entry) => entry.stored, decode: readEntry };

/**
 * Search answers cached by market index and canonical query. Fresh for `ttlMs`; then, for
 * `staleWhileRevalidateMs`, answered at once from the stale copy while one background call
 * refreshes it. Identical concurrent misses in this process share one upstream call. When the
 * store is unavailable (Redis down) the cache steps aside: `bypass`, never an error.
 *
 * An answer is validated once, when the upstream gives it, and stored as the JSON /api/search
 * sends: a hit is sent as those bytes (no parse, no validation, no serialisation, no encoding); pages parse them.
 */
export class SearchCache {
  /**
   * The answers: in Redis (every container's), or without Redis in a process tier of its own share; and the
   * ones this process read or fetched lately in front of it, while fresh: a hit then costs no round trip to
   * Redis, and the fast path (searchFastPath.ts) can send it at once.
   */
  private readonly store: TieredStore<Entry>;
  /**
   * Answers pages have read, parsed, one per cache key: the stored answer of `storedAt`. By key and
   * time, not by buffer: each read from Redis is a new buffer of the same answer, and keyed by buffer
   * the soak kept parsing again and keeping copies (and their buffers) of the same answers.
   * Bounded by its estimated heap: a parsed answer is not counted by the local layer's bytes.
   */
  private readonly parsed: TieredStore<ParsedAnswer>;
  /** Misses parsed for a page before their client's budget decided whether they are kept (by their bytes). */
  private readonly parsedOfMisses = new WeakMap<Buffer, ParsedAnswer>();

  constructor(
    private readonly options: {
      redis: RedisConnection;
      /** SEARCH_CACHE_REDIS_PREFIX. */
      redisPrefix: string;
      /** The memory budget's shares (memoryBudget.ts): recent answers, answers without Redis, parsed answers. */
      shares: { searchLocal: number; searchMemoryStore: number; searchParsed: number };
      client: SearchClient;
      ttlMs: number;
      staleWhileRevalidateMs: number;
      metrics: Metrics;
      logger: Logger;
      now?: () => number;
      /** What the client whose call fetched an answer may make us keep (server/store/storeBudgets.ts); unset: everything. */
      budget?: StoreBudget;
    },
  ) {
    const { shares, metrics, now } = options;
    this.store = new TieredStore<Entry>({
      name: 'search_local',
      metrics,
      here: {
        maxBytes: shares.searchLocal,
        sizeOf: (entry) => Math.ceil(entry.bytes.length * COMPRESSED_FORMS_FACTOR),
      },
      shared: {
        redis: options.redis,
        prefix: options.redisPrefix,
        codec: SEARCH_CODEC,
        withoutRedis: { name: 'search_store', bytes: shares.searchMemoryStore },
      },
      bytesOf: (entry) => entry.stored.length,
      freshness: {
        freshMs: options.ttlMs,
        staleMs: options.staleWhileRevalidateMs,
        storedAt: (entry) => entry.storedAt,
        // Never outlives the shared copy's fresh time: a stale one is asked of Redis again.
        hereOnlyWhileFresh: true,
      },
      ...(options.budget ? { budget: options.budget } : {}),
      kept: (key, entry) => {
        const parsed = this.parsedOfMisses.get(entry.bytes);
        if (parsed) this.parsed.here.set(key, parsed);
      },
      refreshFailed: (err, key) => options.logger.warn({ err, key }, 'background search refresh failed'),
      ...(now ? { now } : {}),
    });
    this.parsed = new TieredStore<ParsedAnswer>({
      name: 'search_parsed',
      metrics,
      here: { maxBytes: shares.searchParsed, sizeOf: (held) => held.heapBytes },
    });
  }

  /** Resolves once every answer sent has been kept or refused by its budget, its Redis write landed (tests, benches). */
  async settled(): Promise<void> {
    await this.store.settled();
  }

  /** Estimated heap bytes of the parsed answers kept (/metrics). */
  get parsedBytes(): number {
    return this.parsed.here.bytes;
  }

  /**
   * The answer, parsed, for rendering pages: parsed once per stored answer and shared by every page
   * that reads it, so it is frozen (a page that changed it would change it for all). A reader may
   * key its own work on the value's identity (carSummarySearch.ts does).
   */
  async search(
    request: SearchRequest,
    ctx: CallContext = {},
    admit?: AdmitUpstream,
  ): Promise<{ value: SearchResponse; cache: CacheResult }> {
    const { bytes, cache, key, storedAt } = await this.searchBytes(request, ctx, admit);
    const known = this.parsed.here.get(key);
    if (known?.storedAt === storedAt) return { value: known.value, cache };
    const value = deepFreeze(JSON.parse(bytes.toString('utf8')) as SearchResponse);
    const held = { storedAt, value, heapBytes: parsedAnswerBytes(bytes) };
    // Only answers the cache keeps: a miss over its client's budget must not push out what pages share.
    // A miss being kept (its client's budget is asked after it is sent) joins them when it is.
    if (cache === 'hit' || cache === 'stale' || this.store.here.get(key)?.bytes === bytes)
      this.parsed.here.set(key, held);
    else if (cache === 'miss') this.parsedOfMisses.set(bytes, held);
    return { value, cache };
  }

  /** The answer's JSON bytes, for relaying them as they are, and the cache key they are kept under. */
  async searchBytes(
    request: SearchRequest,
    ctx: CallContext = {},
    admit?: AdmitUpstream,
  ): Promise<{ bytes: Buffer; cache: CacheResult; key: string; storedAt: number }> {
    // A page in the market's second language asks for its texts in that language (the request may say so itself).
    const canonical = normaliseSearchRequest(
      ctx.language && !request.language ? { ...request, language: ctx.language } : request,
    );
    const key = searchCacheKey(canonical);
    // The shared call must not die with the first shopper who leaves: it carries only the request id.
    // A background refresh is nobody's: neither admitted nor charged.
    const { value, result } = await this.store.cached(
      key,
      (why) =>
        this.fetch(
          canonical,
          why === 'refresh' || !ctx.requestId ? {} : { requestId: ctx.requestId },
          why === 'refresh' ? undefined : admit,
        ),
      { ...(ctx.client ? { client: ctx.client } : {}), ...(ctx.claim ? { starting: ctx.claim } : {}) },
    );
    this.options.metrics.cacheEvents.inc({ result });
    return { bytes: value.bytes, cache: result, key, storedAt: value.storedAt };
  }

  /** The entry for `key` if this process holds it and it is fresh: a hit that needs no store. */
  freshLocal(key: string): Entry | undefined {
    return this.store.freshHere(key);
  }

  /** One upstream call (admitted first, when asked to be); the client parsed the answer with the search contract: the one check it gets. */
  private async fetch(canonical: SearchRequest, ctx: CallContext, admit?: AdmitUpstream): Promise<Entry> {
    if (admit && !(await admit())) throw new UpstreamCallRefused();
    const value = await this.options.client.query(canonical, ctx);
    return newEntry((this.options.now ?? Date.now)(), Buffer.from(JSON.stringify(value)));
  }
}

/** A parsed answer's heap, estimated from its JSON (factor measured in memoryBudget.ts). */
export function parsedAnswerBytes(json: Buffer): number {
  return Math.max(1, Math.ceil(json.length * PARSED_ANSWER_HEAP_FACTOR));
}

/**
 * Brotli and gzip forms made for hits (compressedVariants.ts) live as long as the bytes: measured on
 * sandbox answers of 23–114 KB they add 0.17–0.28 of the JSON; counted as 0.3.
 */
const COMPRESSED_FORMS_FACTOR = 1.3;

/** Freezes a parsed answer and everything in it (plain JSON data: no cycles). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** An answer's entry: its stored form, whose tail its bytes are. */
function newEntry(storedAt: number, json: Buffer): Entry {
  const header = Buffer.from(`v2 ${storedAt}\n`, 'latin1');
  const stored = Buffer.concat([header, json]);
  return { storedAt, bytes: stored.subarray(header.length), stored };
}

/** A stored entry in another shape (corrupt, or from an older version) counts as a miss. */
function readEntry(stored: Buffer): Entry | undefined {
  const header = ENTRY_HEADER.exec(stored.subarray(0, 32).toString('latin1'));
  if (!header) return undefined;
  const bytes = stored.subarray(header[0].length);
  // A truncated write cannot end like a whole JSON object does.
  if (bytes[0] !== OPEN_BRACE || bytes[bytes.length - 1] !== CLOSE_BRACE) return undefined;
  return { storedAt: Number(header[1]), bytes, stored };
}
