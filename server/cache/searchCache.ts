import type { Logger } from 'pino';
import { z } from 'zod';
import type { Metrics } from '../metrics.js';
import { SearchResponseSchema, type SearchRequest, type SearchResponse } from '../../contracts/upstream/search.js';
import type { SearchClient } from '../upstream/searchClient.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { CacheStore } from './cacheStores.js';
import { normaliseSearchRequest, searchCacheKey } from './normaliseSearchRequest.js';

export type CacheResult = 'hit' | 'miss' | 'stale' | 'bypass';

const EntrySchema = z.object({ storedAt: z.number(), value: SearchResponseSchema });

/**
 * Search answers cached by market index and canonical query. Fresh for `ttlMs`; then, for
 * `staleWhileRevalidateMs`, answered at once from the stale copy while one background call
 * refreshes it. Identical concurrent misses in this process share one upstream call. When the
 * store is unavailable (Redis down) the cache steps aside: `bypass`, never an error.
 */
export class SearchCache {
  private readonly inFlight = new Map<string, Promise<SearchResponse>>();

  constructor(
    private readonly options: {
      store: CacheStore;
      client: SearchClient;
      ttlMs: number;
      staleWhileRevalidateMs: number;
      metrics: Metrics;
      logger: Logger;
      now?: () => number;
    },
  ) {}

  async search(request: SearchRequest, ctx: CallContext = {}): Promise<{ value: SearchResponse; cache: CacheResult }> {
    const canonical = normaliseSearchRequest(request);
    const key = searchCacheKey(canonical);
    const stored = await this.options.store.get(key);
    const now = (this.options.now ?? Date.now)();
    const entry = stored === 'unavailable' || stored === undefined ? undefined : readEntry(stored);
    let result: { value: SearchResponse; cache: CacheResult };
    if (entry && now - entry.storedAt < this.options.ttlMs) {
      result = { value: entry.value, cache: 'hit' };
    } else if (entry && now - entry.storedAt < this.options.ttlMs + this.options.staleWhileRevalidateMs) {
      this.fetchOnce(key, canonical, {}).catch((err: unknown) => this.options.logger.warn({ err, key }, 'background search refresh failed'));
      result = { value: entry.value, cache: 'stale' };
    } else {
      const value = await this.fetchOnce(key, canonical, ctx, stored !== 'unavailable');
      result = { value, cache: stored === 'unavailable' ? 'bypass' : 'miss' };
    }
    this.options.metrics.cacheEvents.inc({ result: result.cache });
    return result;
  }

  /** One upstream call per key at a time in this process; the answer is stored when it arrives. */
  private fetchOnce(key: string, canonical: SearchRequest, ctx: CallContext, store = true): Promise<SearchResponse> {
    const running = this.inFlight.get(key);
    if (running) return running;
    // The shared call must not die with the first shopper who leaves: it carries only the request id.
    const call = this.options.client
      .query(canonical, { ...(ctx.requestId ? { requestId: ctx.requestId } : {}) })
      .then((value) => {
        if (store) {
          const entry = JSON.stringify({ storedAt: (this.options.now ?? Date.now)(), value });
          // Not awaited: the shopper's answer does not wait for the cache write.
          void this.options.store.set(key, entry, this.options.ttlMs + this.options.staleWhileRevalidateMs);
        }
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }
}

/** A stored entry that does not parse (corrupt, or from an older shape) counts as a miss. */
function readEntry(text: string): z.infer<typeof EntrySchema> | undefined {
  try {
    const parsed = EntrySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
