import type { ContentClient } from './contentClient.js';
import { TieredStore } from '../store/tieredStore.js';

export interface LayoutCacheOptions {
  /** How long an answer is served without asking again. */
  freshMs?: number;
  /** How long after that it is still served while one call refreshes it. */
  staleMs?: number;
  /** Estimated heap bytes of the answers kept (2 MB unless the memory budget says otherwise). */
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  storedAt: number;
  /** Estimated heap bytes: twice the answer's JSON length, as for parsed search answers (memoryBudget.ts). */
  bytes: number;
}

/**
 * In-process cache of the layout's content calls (navigation, alert, brands per market and language):
 * every page view needs them and they change rarely. Fresh for 30 s, then served stale for up to 5
 * more minutes while one call refreshes it; concurrent misses share one call; a failure is never
 * cached (the stale answer, if any, stays).
 */
export class LayoutCache {
  private readonly store: TieredStore<Entry>;

  constructor(options: LayoutCacheOptions = {}) {
    const now = options.now ?? Date.now;
    this.store = new TieredStore<Entry>({
      here: { maxBytes: options.maxBytes ?? 2 * 1024 * 1024, sizeOf: (entry) => entry.bytes },
      freshness: {
        freshMs: options.freshMs ?? 30_000,
        staleMs: options.staleMs ?? 300_000,
        storedAt: (entry) => entry.storedAt,
      },
      // The caller gets the stale answer; a failed refresh was logged by the upstream layer.
      refreshFailed: () => undefined,
      now,
    });
    this.load = (load) => () =>
      load().then((value) => ({ value, storedAt: now(), bytes: 2 * (JSON.stringify(value)?.length ?? 0) }));
  }

  private readonly load: (load: () => Promise<unknown>) => () => Promise<Entry>;

  get bytes(): number {
    return this.store.here.bytes;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return (await this.store.cached(key, this.load(load))).value.value as T;
  }

  /** Forgets every answer (content was published): the next page asks the content service again. */
  clear(): void {
    this.store.purgeHere(['']);
  }
}

/** One cache per content client, that is per composed app (tests compose several in one process). */
const caches = new WeakMap<ContentClient, LayoutCache>();

/** The same caches, to forget them all on a purge (server/pageCache/). */
const allCaches = new Set<WeakRef<LayoutCache>>();

/** The layout cache of a content client, made on first use with `maxBytes` (composeApp.ts makes it with the memory budget's share). */
export function layoutCacheOf(content: ContentClient, maxBytes?: number): LayoutCache {
  let cache = caches.get(content);
  if (!cache) {
    cache = new LayoutCache(maxBytes !== undefined ? { maxBytes } : {});
    caches.set(content, cache);
    allCaches.add(new WeakRef(cache));
  }
  return cache;
}

/** Content was published: pages rendered from now on must not take navigation, alert or brands from before. */
export function forgetCachedLayouts(): void {
  for (const ref of allCaches) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else allCaches.delete(ref);
  }
}
