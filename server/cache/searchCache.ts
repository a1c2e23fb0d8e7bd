import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { PARSED_ANSWER_HEAP_FACTOR } from '../memoryBudget.js';
import type { Metrics } from '../metrics.js';
import type { SearchRequest, SearchResponse } from '../../contracts/upstream/search.js';
import type { SearchClient } from '../upstream/searchClient.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { CacheStore } from './cacheStores.js';
import type { StoreBudget } from '../store/storeBudgets.js';
import { normaliseSearchRequest, searchCacheKey } from './normaliseSearchRequest.js';
import { SingleFlight } from '../store/singleFlight.js';

export type CacheResult = 'hit' | 'miss' | 'stale' | 'bypass';

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
}

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
  private readonly inFlight = new SingleFlight<Entry>();
  /** Answers fetched and waiting for their client's budget (one Redis round trip): a repeat meanwhile is answered from here. */
  private readonly awaitingBudget = new Map<string, Entry>();
  /**
   * Answers pages have read, parsed, one per cache key: the stored answer of `storedAt`. By key and
   * time, not by buffer: each read from Redis is a new buffer of the same answer, and keyed by buffer
   * the soak kept parsing again and keeping copies (and their buffers) of the same answers.
   * Bounded by its estimated heap: a parsed answer is not counted by the local layer's bytes.
   */
  private readonly parsed: LRUCache<string, ParsedAnswer>;
  /** Misses parsed for a page before their client's budget decided whether they are kept (by their bytes). */
  private readonly parsedOfMisses = new WeakMap<Buffer, ParsedAnswer>();

  constructor(
    private readonly options: {
      store: CacheStore;
      /**
       * Entries this process read or fetched lately, in front of the store: a hit then costs no round
       * trip to Redis, and the fast path (searchFastPath.ts) can send it at once. Serves only what is
       * still fresh, so it never outlives the shared copy's fresh time.
       */
      local: LRUCache<string, Entry>;
      client: SearchClient;
      ttlMs: number;
      staleWhileRevalidateMs: number;
      metrics: Metrics;
      logger: Logger;
      now?: () => number;
      /** Estimated heap bytes of parsed answers kept for pages. */
      parsedMaxBytes: number;
      /** What the client whose call fetched an answer may make us keep (server/store/storeBudgets.ts); unset: everything. */
      budget?: StoreBudget;
      /** The store's key prefix, charged with each key (SEARCH_CACHE_REDIS_PREFIX). */
      keyPrefixBytes?: number;
    },
  ) {
    this.parsed = new LRUCache({ maxSize: options.parsedMaxBytes, sizeCalculation: (held) => held.heapBytes });
  }

  /** Estimated heap bytes of the parsed answers kept (/metrics). */
  get parsedBytes(): number {
    return this.parsed.calculatedSize;
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
    const known = this.parsed.get(key);
    if (known?.storedAt === storedAt) return { value: known.value, cache };
    const value = deepFreeze(JSON.parse(bytes.toString('utf8')) as SearchResponse);
    const held = { storedAt, value, heapBytes: parsedAnswerBytes(bytes) };
    // Only answers the cache keeps: a miss over its client's budget must not push out what pages share.
    // A miss being kept (its client's budget is asked after it is sent) joins them when it is.
    if (cache === 'hit' || cache === 'stale' || this.options.local.get(key)?.bytes === bytes)
      this.parsed.set(key, held);
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
    const local = this.freshLocal(key) ?? this.awaitingBudget.get(key);
    if (local) {
      this.options.metrics.cacheEvents.inc({ result: 'hit' });
      return { bytes: local.bytes, cache: 'hit', key, storedAt: local.storedAt };
    }
    const now = (this.options.now ?? Date.now)();
    const stored = await this.options.store.get(key);
    const entry = stored === 'unavailable' || stored === undefined ? undefined : readEntry(stored);
    if (entry) this.remember(key, entry);
    let result: { bytes: Buffer; cache: CacheResult; storedAt: number };
    if (entry && now - entry.storedAt < this.options.ttlMs) {
      result = { bytes: entry.bytes, cache: 'hit', storedAt: entry.storedAt };
    } else if (entry && now - entry.storedAt < this.options.ttlMs + this.options.staleWhileRevalidateMs) {
      this.fetchOnce(key, canonical, {}).catch((err: unknown) =>
        this.options.logger.warn({ err, key }, 'background search refresh failed'),
      );
      result = { bytes: entry.bytes, cache: 'stale', storedAt: entry.storedAt };
    } else {
      // Work a hit would have spared (joining a call under way is not): it counts against the client's in-flight cap.
      if (!this.inFlight.has(key)) await ctx.claim?.();
      const fetched = await this.fetchOnce(key, canonical, ctx, stored !== 'unavailable', admit);
      result = {
        bytes: fetched.bytes,
        cache: stored === 'unavailable' ? 'bypass' : 'miss',
        storedAt: fetched.storedAt,
      };
    }
    this.options.metrics.cacheEvents.inc({ result: result.cache });
    return { ...result, key };
  }

  /** The entry for `key` if this process holds it and it is fresh: a hit that needs no store. */
  freshLocal(key: string): Entry | undefined {
    const local = this.options.local.get(key);
    return local && (this.options.now ?? Date.now)() - local.storedAt < this.options.ttlMs ? local : undefined;
  }

  private remember(key: string, entry: Entry): void {
    this.options.local.set(key, entry, {
      ttl: Math.max(1, entry.storedAt + this.options.ttlMs - (this.options.now ?? Date.now)()),
    });
  }

  /**
   * Keeps a fetched answer here and in the store when the client that fetched it has the bytes left
   * in its budget (a refresh, with no client, replaces what is kept); an answer over the largest entry is never kept.
   */
  private async keep(key: string, entry: Entry, stored: Buffer, client: string | undefined): Promise<void> {
    const { budget } = this.options;
    if (budget && client) {
      this.awaitingBudget.set(key, entry);
      const admitted = await budget
        .admit(client, { valueBytes: stored.length, keyBytes: key.length + (this.options.keyPrefixBytes ?? 0) })
        .finally(() => this.awaitingBudget.delete(key));
      if (!admitted) return;
    } else if (budget && !budget.fits(stored.length)) {
      return;
    }
    this.remember(key, entry);
    const parsed = this.parsedOfMisses.get(entry.bytes);
    if (parsed) this.parsed.set(key, parsed);
    await this.options.store.set(key, stored, this.options.ttlMs + this.options.staleWhileRevalidateMs);
  }

  /** One upstream call per key at a time in this process (admitted first, when asked to be); the answer is stored when it arrives. */
  private fetchOnce(
    key: string,
    canonical: SearchRequest,
    ctx: CallContext,
    store = true,
    admit?: AdmitUpstream,
  ): Promise<Entry> {
    const running = this.inFlight.of(key);
    if (running) return running.promise;
    // The shared call must not die with the first shopper who leaves: it carries only the request id.
    const query = () =>
      this.options.client.query(canonical, { ...(ctx.requestId ? { requestId: ctx.requestId } : {}) });
    const call = (
      admit
        ? admit().then((admitted) => {
            if (!admitted) throw new UpstreamCallRefused();
            return query();
          })
        : query()
    ).then((value) => {
      // The client parsed the answer with the search contract: this is the one check it gets.
      const { entry, stored } = newEntry((this.options.now ?? Date.now)(), Buffer.from(JSON.stringify(value)));
      // Not awaited: the shopper's answer does not wait for the budget or the cache write.
      if (store) void this.keep(key, entry, stored, ctx.client);
      return entry;
    });
    return this.inFlight.start(key, call);
  }
}

/** A parsed answer's heap, estimated from its JSON (factor measured in memoryBudget.ts). */
export function parsedAnswerBytes(json: Buffer): number {
  return Math.max(1, Math.ceil(json.length * PARSED_ANSWER_HEAP_FACTOR));
}

/**
 * Brotli and gzip forms made for hits (compressedVariants.ts) live as long as the bytes: measured on
 * sandbox answers of 23–114 KB they add 0.17–0.28 of the JSON; counted as 0.3, plus 256 bytes an entry.
 */
const COMPRESSED_FORMS_FACTOR = 1.3;
const ENTRY_OVERHEAD_BYTES = 256;

/** The in-process layer: recent answers up to `maxBytes` with their compressed forms (without Redis, views on the stored bytes, not copies). */
export function localSearchLayer(maxBytes: number): LRUCache<string, Entry> {
  return new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (e) => Math.ceil(e.bytes.length * COMPRESSED_FORMS_FACTOR) + ENTRY_OVERHEAD_BYTES,
  });
}

/** Freezes a parsed answer and everything in it (plain JSON data: no cycles). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * Entries already read, by the stored buffer: the process's own store (no Redis) gives back the same
 * buffer on every hit, and so the same `bytes`, whose compressed forms are then made only once.
 */
const readEntries = new WeakMap<Buffer, Entry>();

/** An answer's entry and its stored form, whose tail its bytes are: read back from this process's own store, it is this entry. */
function newEntry(storedAt: number, json: Buffer): { entry: Entry; stored: Buffer } {
  const header = Buffer.from(`v2 ${storedAt}\n`, 'latin1');
  const stored = Buffer.concat([header, json]);
  const entry = { storedAt, bytes: stored.subarray(header.length) };
  readEntries.set(stored, entry);
  return { entry, stored };
}

/** A stored entry in another shape (corrupt, or from an older version) counts as a miss. */
function readEntry(stored: Buffer): Entry | undefined {
  const known = readEntries.get(stored);
  if (known) return known;
  const header = ENTRY_HEADER.exec(stored.subarray(0, 32).toString('latin1'));
  if (!header) return undefined;
  const bytes = stored.subarray(header[0].length);
  // A truncated write cannot end like a whole JSON object does.
  if (bytes[0] !== OPEN_BRACE || bytes[bytes.length - 1] !== CLOSE_BRACE) return undefined;
  const entry = { storedAt: Number(header[1]), bytes };
  readEntries.set(stored, entry);
  return entry;
}
