import type { Request } from 'express';
import type { Logger } from 'pino';
import type { RedisConnection } from '../store/redisConnection.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { Lifecycle } from '../http/lifecycle.js';
import { PageCache } from './pageCache.js';
import { PageCacheFastPath } from './pageCacheFastPath.js';
import { PageCacheMetrics } from './pageCacheMetrics.js';
import { TieredStore } from '../store/tieredStore.js';
import { entryBytes, PAGE_CODEC, type PageEntry } from './pageEntry.js';
import { purgeBus } from './purgeBus.js';
import { forgetCachedLayouts } from '../upstream/layoutCache.js';
import type { StoreBudget } from '../store/storeBudgets.js';

export interface PageCaching {
  cache: PageCache;
  metrics: PageCacheMetrics;
  /** Fresh pages sent before Express sees the request (it wraps the app's request listener). */
  fastPath: PageCacheFastPath;
  /** What a cached page tells shared caches (CDN). */
  cacheControl: string;
  /** Who pays for the pages this request makes us keep: its client's byte budget (server/store/storeBudgets.ts). */
  clientOf(req: Request): string;
  /** Whether this request's client is known here to have spent its budget: its new pages will not be kept. */
  spent(req: Request): boolean;
  /** Drops pages under the key prefixes here, in Redis, and (pub/sub) in every other container. */
  purge(prefixes: string[]): Promise<number>;
  close(): Promise<void>;
}

/** The page cache of one process from config: local always, Redis too when REDIS_URL is set. */
export function createPageCache(
  config: Config,
  redis: RedisConnection,
  budget: StoreBudget,
  metrics: Metrics,
  lifecycle: Lifecycle,
  logger: Logger,
  now?: () => number,
): PageCaching {
  const store = new TieredStore<PageEntry>({
    name: 'page',
    metrics,
    here: { maxBytes: config.pageCache.maxBytes, sizeOf: entryBytes },
    shared: { redis, prefix: config.pageCache.redisPrefix, codec: PAGE_CODEC },
    bytesOf: entryBytes,
    freshness: {
      freshMs: config.pageCache.ttlMs,
      staleMs: config.pageCache.staleWhileRevalidateMs,
      storedAt: (entry) => entry.storedAt,
    },
    budget,
    ...(now ? { now } : {}),
  });
  const pageMetrics = new PageCacheMetrics(metrics.registry, () => ({
    bytes: store.here.bytes,
    entries: store.here.size,
  }));
  const cache = new PageCache({
    store,
    metrics: pageMetrics,
    logger,
    // A new render after a publish must not take navigation, alert or brands from the layout cache's older copy.
    onPurge: forgetCachedLayouts,
    ...(now ? { now } : {}),
  });
  const { cdn } = config.pageCache;
  const cacheControl = `public, max-age=0, s-maxage=${cdn.maxAgeS}, stale-while-revalidate=${cdn.staleWhileRevalidateS}`;
  const fastPath = new PageCacheFastPath({
    cache,
    cacheControl,
    trustProxy: config.trustProxy,
    lifecycle,
    metrics,
    pageMetrics,
    logger,
    learnedMaxBytes: config.memory.bytes.pageFastPath,
    budget,
  });
  metrics.reportCacheBytes('page_fast_path', config.memory.bytes.pageFastPath, () => fastPath.learnedBytes);
  const bus = config.redisUrl
    ? purgeBus(`${config.pageCache.redisPrefix}purge`, redis, logger, (prefixes) => cache.purgeLocal(prefixes))
    : undefined;
  return {
    cache,
    metrics: pageMetrics,
    fastPath,
    cacheControl,
    clientOf: (req) => config.trustProxy.client(req).limitKey,
    spent: (req) => store.spent(config.trustProxy.client(req).limitKey),
    async purge(prefixes) {
      const dropped = await cache.purge(prefixes);
      await bus?.publish(prefixes);
      return dropped;
    },
    close: async () => {
      await bus?.close();
      await cache.settled();
    },
  };
}
