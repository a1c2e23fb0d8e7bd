import type { Logger } from 'pino';
import type { RedisConnection } from '../cache/redisConnection.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import { PageCache } from './pageCache.js';
import { PageCacheMetrics } from './pageCacheMetrics.js';
import { LocalPageStore, RedisPageStore } from './pageStores.js';

export interface PageCaching {
  cache: PageCache;
  metrics: PageCacheMetrics;
}

/** The page cache of one process from config: local always, Redis too when REDIS_URL is set. */
export function createPageCache(config: Config, redis: RedisConnection, metrics: Metrics, logger: Logger): PageCaching {
  const local = new LocalPageStore(config.pageCache.maxBytes);
  const pageMetrics = new PageCacheMetrics(metrics.registry, () => ({ bytes: local.bytes, entries: local.size }));
  const cache = new PageCache({
    local,
    ...(config.redisUrl ? { shared: new RedisPageStore(redis) } : {}),
    ttlMs: config.pageCache.ttlMs,
    staleWhileRevalidateMs: config.pageCache.staleWhileRevalidateMs,
    metrics: pageMetrics,
    logger,
  });
  return { cache, metrics: pageMetrics };
}
