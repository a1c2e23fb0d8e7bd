import './requestLocals.js';
import express, { type RequestHandler, type Router } from 'express';
import compression from 'compression';
import { constants as zlibConstants } from 'node:zlib';
import type { Logger } from 'pino';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Metrics } from './metrics.js';
import { apiInOneCase } from './http/apiInOneCase.js';
import { requestMetrics } from './http/requestMetrics.js';
import type { Market } from '../markets/schema.js';
import { MarketIndexPage } from '../views/pages/MarketIndexPage.js';
import type { AssetResolver } from '../views/AssetResolver.js';
import type { Config } from './config.js';
import { errorHandler, unknownHost } from './http/errorHandlers.js';
import { concurrentRequestsPerClient } from './http/clientLimits.js';
import { faviconRoutes } from './http/favicon.js';
import { healthRoutes, type DependencyProbe } from './http/health.js';
import type { Lifecycle } from './http/lifecycle.js';
import { requestLogging } from './http/requestLogging.js';
import { siteSecurityHeaders } from './http/security.js';
import { marketResolution } from './markets/resolveMarket.js';
import type { CompiledRedirects } from './redirects/compile-redirects.js';
import { createRedirectMiddleware } from './redirects/redirect-middleware.js';
import { notFoundPage, renderErrorPage } from './pages/errorPages.js';
import { pageRoutes } from './pages/pageRoutes.js';
import type { PageDeps } from './pages/pageDeps.js';
import { createPageRenderer } from './render/renderPage.js';
import type { PageCaching } from './pageCache/createPageCache.js';
import { mayBeCachedPage, pageCacheMiddleware } from './pageCache/pageCacheMiddleware.js';
import { isVariantRequest } from './media/http/pictureRoutes.js';
import { isSearchRequest } from './api/searchRoutes.js';
import { contentWebhook } from './pageCache/contentWebhook.js';
import type { WebhookReplays } from './pageCache/webhookReplays.js';
import { rumRoutes } from './rum/rumRoutes.js';
import type { RequestLimits } from './security/rateLimits.js';

/**
 * Brotli for answers compressed as they are sent (pages the cache does not hold, /api JSON, assets):
 * quality 4, fit for on-the-fly work, and a 256 KB window, larger than any answer of ours. Brotli's
 * default 4 MB window cost more than the compressing itself: setting one up took 7 ms of the event
 * loop per answer (home page, cache off: 16.7 → 9.1 ms of main-thread time per request).
 */
const ON_THE_FLY_BROTLI = { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 };

/** Longer than any upstream deadline, so a render ends on its own first. */
const PAGE_RENDER_TIMEOUT_MS = 30_000;

export interface AppDependencies {
  config: Config;
  logger: Logger;
  markets: readonly Market[];
  assets: AssetResolver;
  lifecycle: Lifecycle;
  probes: readonly DependencyProbe[];
  /** Serves built client files in production, or Vite's dev middleware in development. */
  clientAssets: RequestHandler;
  metrics: Metrics;
  /** Everything under /api (server/api/apiRouter.ts). */
  api: Router;
  /** Lead forms posted without scripts (server/api/leadFormRoutes.ts): the post's route, and the answer for its page. */
  leadForms: { post: Router; answerOfPage: RequestHandler };
  /** The per-client limits (server/security/rateLimits.ts), the same the /api routes count with. */
  limits: RequestLimits;
  /** Signatures of purge webhooks already used (shared through Redis when configured). */
  webhookReplays: WebhookReplays;
  /** Every market's permanent redirects, compiled at start-up. */
  redirects: CompiledRedirects;
  /** Everything under /media (server/media/): pictures at a width of the allow-list, files relayed. */
  pictures: Router;
  /** The page cache (server/pageCache/); left out when PAGE_CACHE=false. */
  pageCaching?: PageCaching;
  /** What the pages load from (server/pages/pageDeps.ts). */
  pageSources: Omit<PageDeps, 'config' | 'logger' | 'renderPage' | 'limits'>;
}

/** The whole request pipeline, in the order a request meets it. */
export function createApp(deps: AppDependencies): express.Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // The same trust decision as every per-client limit and fast path (server/http/proxyTrust.ts): req.ip, req.protocol, req.host.
  app.set('trust proxy', config.trustProxy.trusts);
  // req.ip is that one reading too (a hop's port dropped, junk refused), not Express's raw hop.
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: express.Request) {
      return config.trustProxy.client(this).address;
    },
  });
  app.set('etag', false);

  // Logging, metrics, the per-client count, tracing, compression and a relay's pipeline each listen for an
  // answer's end: more than Node's default of 10 listeners on one response is expected here, not a leak.
  app.use((_req, res, next) => {
    res.setMaxListeners(20);
    next();
  });
  // First, so every answer carries them: assets, health, metrics and favicons as much as pages.
  app.use(siteSecurityHeaders(config, deps.assets.scriptHashes));
  app.use(requestLogging(logger));
  app.use(requestMetrics(deps.metrics));
  app.use(
    compression({
      filter: (req, res) => !isEventStream(res) && compression.filter(req, res),
      brotli: { params: ON_THE_FLY_BROTLI },
    }),
  );
  app.use(healthRoutes(deps.lifecycle, deps.probes));
  // After health, so probes from a busy address still get through. What a cache may answer counts only when it misses.
  const pageCache = deps.pageCaching;
  app.use(
    concurrentRequestsPerClient(config.clientLimits.maxConcurrentRequests, {
      waitMs: config.clientLimits.inFlightWaitMs,
      clientKey: (req) => config.trustProxy.client(req).limitKey,
      cacheFirst: (req) =>
        isVariantRequest(req) || isSearchRequest(req) || (pageCache !== undefined && mayBeCachedPage(req)),
    }),
  );
  app.use(deps.clientAssets);
  app.use(faviconRoutes());
  app.use(marketResolution(deps.markets, config.trustProxy, config.devHosts));

  app.use((req, res, next) => {
    const match = res.locals.hostMatch;
    if (match.kind === 'market') return next();
    if (match.kind === 'index' && req.path === '/' && config.devIndexPage) {
      const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? '';
      res
        .type('html')
        .send(
          `<!DOCTYPE html>${renderToStaticMarkup(createElement(MarketIndexPage, { markets: deps.markets, port }))}`,
        );
      return;
    }
    unknownHost(req, res, next);
  });

  // Old paths answer before anything that could claim them: a retired PDF under /media is moved, not relayed.
  app.use(createRedirectMiddleware(deps.redirects));
  app.use(deps.pictures);
  app.use(apiInOneCase());
  // /api answers are not kept by anyone unless a route says otherwise (stories, the OpenAPI document).
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(
    contentWebhook({
      secret: config.contentWebhookSecret,
      purge: (prefixes) => deps.pageCaching?.purge(prefixes) ?? Promise.resolve(0),
      replays: deps.webhookReplays,
      logger,
    }),
  );
  app.use(rumRoutes(deps.metrics.registry, deps.limits));
  app.use('/api', deps.api);
  app.use(deps.leadForms.post);
  app.use(deps.leadForms.answerOfPage);

  const renderPage = createPageRenderer(deps.assets, logger, config.images.urlTemplate);
  const renderServerError = (res: express.Response) => renderErrorPage(renderPage, res, 500);
  const pages = express.Router().use(
    pageRoutes({
      config,
      logger,
      renderPage,
      ...deps.pageSources,
      limits: deps.limits,
      redirects: deps.redirects,
    }),
    notFoundPage(renderPage),
    errorHandler(logger, renderServerError),
  );
  // After market resolution and redirects, before the page routes: anonymous pages are answered from stored bytes.
  app.use(
    deps.pageCaching
      ? pageCacheMiddleware(deps.pageCaching, pages, { renderTimeoutMs: PAGE_RENDER_TIMEOUT_MS }, logger)
      : pages,
  );
  app.use(errorHandler(logger, renderServerError));
  return app;
}

/** Server-sent events must reach the browser as written: never compressed (and so never buffered). */
function isEventStream(res: { getHeader(name: string): unknown }): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}
