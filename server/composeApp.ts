import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MARKETS } from '../markets/registry.js';
import type { AssetResolver } from '../views/AssetResolver.js';
import { apiRouter } from './api/apiRouter.js';
import { createLeadSender } from './api/leadSender.js';
import { leadFormRoutes, postedFormOfPage } from './api/leadFormRoutes.js';
import { PostedForms } from './api/postedForms.js';
import { createApp } from './app.js';
import { CardQuotes } from './catalogue/cardQuotes.js';
import { connectRedis } from './store/redisConnection.js';
import { SearchCache } from './searchCache/searchCache.js';
import { SearchFastPath } from './searchCache/searchFastPath.js';
import type { Config } from './config.js';
import { readiness } from './http/health.js';
import type { Lifecycle } from './http/lifecycle.js';
import { metricsEndpoint } from './http/metricsEndpoint.js';
import { requestPipeline, type Phase } from './http/requestPipeline.js';
import { limitRequestTarget } from './http/requestTarget.js';
import { siteSecurityHeaders } from './http/security.js';
import { createPictures } from './media/createPictures.js';
import { Metrics } from './metrics.js';
import { WEBHOOK_WINDOW_MS } from './pageCache/contentWebhook.js';
import { layoutCacheOf } from './upstream/layoutCache.js';
import { createPageCache } from './pageCache/createPageCache.js';
import { WebhookReplays } from './pageCache/webhookReplays.js';
import { createRequestLimits } from './security/rateLimits.js';
import { createStoreBudgets } from './store/storeBudgets.js';
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
  /** The caches' clock (fresh and stale times); tests move it instead of waiting. */
  now?: () => number;
}) {
  const { config, logger } = options;
  // First, so a table that must not ship stops start-up before anything is opened.
  const redirects = loadRedirects(config.redirectsDir);
  const metrics = new Metrics({ defaultMetrics: options.defaultMetrics ?? false });
  const redis = connectRedis(config.redisUrl, logger, {
    mode: config.redisMode,
    onFault: (kind) => metrics.redisFaults.inc({ kind }),
  });
  metrics.watchDependencies([redis.probe]);
  metrics.watchReadiness(() => readiness(options.lifecycle, [redis.probe]).statusCode === 200);
  const upstreams = createUpstreams(config, logger, metrics);
  const share = config.memory.bytes;
  const budgets = createStoreBudgets(redis, { keyPrefix: config.rateLimits.redisPrefix, windows: config.storeBudgets });
  const searchCache = new SearchCache({
    redis,
    redisPrefix: config.searchCache.redisPrefix,
    shares: share,
    client: upstreams.search,
    ttlMs: config.searchCache.ttlMs,
    staleWhileRevalidateMs: config.searchCache.staleWhileRevalidateMs,
    metrics,
    logger,
    budget: budgets.searches,
    ...(options.now ? { now: options.now } : {}),
  });
  const cardQuotes = new CardQuotes({ codeweaver: upstreams.codeweaver, searchCache, redis, logger });
  const searchFastPath = new SearchFastPath({
    cache: searchCache,
    trustProxy: config.trustProxy,
    lifecycle: options.lifecycle,
    metrics,
    logger,
    learnedMaxBytes: share.searchFastPath,
    budget: budgets.searches,
  });
  const pageCaching = config.pageCache.enabled
    ? createPageCache(config, redis, budgets.pages, metrics, options.lifecycle, logger, options.now)
    : undefined;
  const layouts = layoutCacheOf(upstreams.content, share.layout);
  const limits = createRequestLimits(redis, config, (limit) => metrics.rateLimitRefusals.inc({ limit }));
  // The submission ledger's share: half for bookings (apiRouter), a quarter each for leads and posted forms' answers.
  const leads = createLeadSender({
    comhub: upstreams.comhub,
    redis,
    limits,
    searchCache,
    ledgerBytes: share.submissionLedger / 4,
    writeDeadlineMs: config.upstreamTimeoutsMs.comhub,
  });
  const postedForms = new PostedForms(redis, share.submissionLedger / 4);
  const leadFormOptions = {
    secureCookies: config.isProduction,
    sendDeadlineMs: config.upstreamTimeoutsMs.comhub,
    logger,
    limits,
  };
  const pictures = createPictures(config, redis, budgets.images, upstreams.media, metrics, options.lifecycle, logger);
  // Every cache's bytes in /metrics beside its share (the stores', pages' and ledger's are reported where they are made).
  metrics.memoryBudgetBytes.set(config.memory.budgetMb * 1024 * 1024);
  metrics.reportCacheBytes('search_fast_path', share.searchFastPath, () => searchFastPath.learnedBytes);
  metrics.reportCacheBytes('layout', share.layout, () => layouts.bytes);
  const expressApp = createApp({
    config,
    logger,
    markets: MARKETS,
    assets: options.assets,
    lifecycle: options.lifecycle,
    probes: [redis.probe],
    clientAssets: options.clientAssets,
    metrics,
    redirects,
    limits,
    api: apiRouter({
      config,
      logger,
      upstreams,
      searchCache,
      searchFastPath,
      redis,
      metrics,
      limits,
      cardQuotes,
      leads,
      postedForms,
    }),
    leadForms: {
      post: leadFormRoutes(leads, postedForms, leadFormOptions),
      answerOfPage: postedFormOfPage(postedForms, config.isProduction),
    },
    pictures: pictures.router,
    // Kept past both sides of the window: a signature cannot come back while its timestamp still passes. Outside
    // the page prefix (a purge of everything would drop them), named after it (deployments sharing a Redis stay apart).
    webhookReplays: new WebhookReplays(
      redis,
      `bff:webhook-replay:${config.pageCache.redisPrefix}`,
      2 * WEBHOOK_WINDOW_MS + 60_000,
    ),
    pageSources: { upstreams, searchCache, cardQuotes },
    ...(pageCaching ? { pageCaching } : {}),
  });
  return {
    /**
     * The request listener, in the order a request meets it. The fast paths repeat what Express answered for
     * this exact request (its security headers included), so they come before it; Express's own order is
     * server/app.ts's.
     */
    app: requestPipeline([
      {
        name: 'request target limit (414 before anything reads an overlong target)',
        run: limitRequestTarget({
          maxBytes: config.maxRequestTargetBytes,
          securityHeaders: siteSecurityHeaders(config, options.assets.scriptHashes),
        }),
      },
      { name: 'picture fast path', run: (req, res, next) => pictures.fastPath.run(req, res, next) },
      { name: 'search fast path', run: (req, res, next) => searchFastPath.run(req, res, next) },
      ...(pageCaching
        ? [
            {
              name: 'page fast path',
              run: (req, res, next) => pageCaching.fastPath.run(req, res, next),
            } satisfies Phase,
          ]
        : []),
      { name: 'express (server/app.ts)', run: (req, res) => expressApp(req, res) },
    ]),
    metrics,
    /** GET /metrics and /readyz with its details, for the operator's listener (METRICS_PORT); the public app has no /metrics. */
    metricsApp: metricsEndpoint(metrics.scraped, () => readiness(options.lifecycle, [redis.probe])),
    searchCache,
    pageCache: pageCaching?.cache,
    pictures: pictures.variants,
    redis,
    close: async () => {
      await pageCaching?.close();
      await pictures.close();
      metrics.close();
      await upstreams.close();
      await redis.close();
    },
  };
}
