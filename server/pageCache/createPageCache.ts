import type { Request } from 'express';
import type { Logger } from 'pino';
import type { RedisConnection } from '../store/redisConnection.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { Lifecycle } from '../http/lifecycle.js';
import { PageCache } from './pageCache.js';
import { PageCacheFastPath } from './pageCacheFastPath.js';
import { PageCacheMetrics } from './pageCacheMetrics.js';
import { ProcessTier, RedisTier } from '../store/tiers.js';
import { entryBytes, PAGE_CODEC, type PageEntry } from './pageEntry.js';
import { purgeBus } from './purgeBus.js';
import { forgetCachedLayouts } from '../upstream/layoutCache.js';
import type { KeptEntry, StoreBudget } from '../store/storeBudgets.js';

export interface PageCaching {
  cache: PageCache;
  metrics: PageCacheMetrics;
  /** Fresh pages sent before Express sees the request (it wraps the app's request listener). */
  fastPath: PageCacheFastPath;
  /** What a cached page tells shared caches (CDN). */
  cacheControl: string;
  /** Whether a page of `bytes` rendered for this request may be kept: the client's byte budget (server/store/storeBudgets.ts). */
  admit(req: Request, entry: KeptEntry): Promise<boolean>;
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
  const local = new ProcessTier<PageEntry>(config.pageCache.maxBytes, entryBytes);
  const pageMetrics = new PageCacheMetrics(metrics.registry, () => ({ bytes: local.bytes, entries: local.size }));
  const cache = new PageCache({
    local,
    ...(config.redisUrl ? { shared: new RedisTier(redis, config.pageCache.redisPrefix, PAGE_CODEC) } : {}),
    ttlMs: config.pageCache.ttlMs,
    staleWhileRevalidateMs: config.pageCache.staleWhileRevalidateMs,
    metrics: pageMetrics,
    logger,
    // A new render after a publish must not take navigation, alert or brands from the layout cache's older copy.
    onPurge: forgetCachedLayouts,
    maxEntryBytes: budget.maxEntryBytes,
    keyPrefixBytes: config.pageCache.redisPrefix.length,
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
  metrics.reportCacheBytes('page', config.pageCache.maxBytes, () => local.bytes);
  metrics.reportCacheBytes('page_fast_path', config.memory.bytes.pageFastPath, () => fastPath.learnedBytes);
  const bus = config.redisUrl
    ? purgeBus(config.redisUrl, `${config.pageCache.redisPrefix}purge`, redis, logger, (prefixes) =>
        cache.purgeLocal(prefixes),
      )
    : undefined;
  return {
    cache,
    metrics: pageMetrics,
    fastPath,
    cacheControl,
    admit: (req, entry) => budget.admit(config.trustProxy.client(req).limitKey, entry),
    spent: (req) => budget.spent(config.trustProxy.client(req).limitKey),
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
