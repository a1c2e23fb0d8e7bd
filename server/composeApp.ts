import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MARKETS } from '../markets/registry.js';
import type { AssetResolver } from '../views/AssetResolver.js';
import { apiRouter } from './api/apiRouter.js';
import { createApp } from './app.js';
import { memoryStore, redisStore } from './cache/cacheStores.js';
import { connectRedis } from './cache/redisConnection.js';
import { SearchCache } from './cache/searchCache.js';
import type { Config } from './config.js';
import type { Lifecycle } from './http/lifecycle.js';
import { Metrics } from './metrics.js';
import { loadRedirects } from './redirects/load-redirects.js';
import { createUpstreams } from './upstream/upstreams.js';

/**
 * Builds the app and everything it holds open (Redis, upstream pools) from a complete config.
 * The one place the parts are wired together: used by the process start and by tests alike.
 */
export function composeApp(options: {
  config: Config;
  logger: Logger;
  lifecycle: Lifecycle;
  assets: AssetResolver;
  clientAssets: RequestHandler;
  defaultMetrics?: boolean;
}) {
  const { config, logger } = options;
  // First, so a table that must not ship stops start-up before anything is opened.
  const redirects = loadRedirects();
  const redis = connectRedis(config.redisUrl, logger);
  const metrics = new Metrics({ defaultMetrics: options.defaultMetrics ?? false });
  const upstreams = createUpstreams(config, logger, metrics);
  const searchCache = new SearchCache({
    store: config.redisUrl ? redisStore(redis) : memoryStore(),
    client: upstreams.search,
    ttlMs: config.searchCache.ttlMs,
    staleWhileRevalidateMs: config.searchCache.staleWhileRevalidateMs,
    metrics,
    logger,
  });
  const app = createApp({
    config,
    logger,
    markets: MARKETS,
    assets: options.assets,
    lifecycle: options.lifecycle,
    probes: [redis.probe],
    clientAssets: options.clientAssets,
    metrics,
    redirects,
    api: apiRouter({ config, logger, upstreams, searchCache, redis, metrics }),
    media: upstreams.media,
    pageSources: { upstreams, searchCache },
  });
  return {
    app,
    metrics,
    searchCache,
    redis,
    close: async () => {
      metrics.close();
      await upstreams.close();
      await redis.close();
    },
  };
}
