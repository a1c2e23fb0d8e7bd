import './requestLocals.js';
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
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
import { pageSearchParams } from './pageCache/pageKey.js';
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

/**
 * One phase of the app, as server/http/requestPipeline.ts names the outer ones: what it is, and the Express handler
 * that runs it (under `path` when given).
 */
interface AppPhase {
  name: string;
  path?: string;
  handler: RequestHandler | ErrorRequestHandler;
}

/** The app: Express's settings, then its phases in the order a request meets them (appPhases). */
export function createApp(deps: AppDependencies): express.Express {
  const { config } = deps;
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
  for (const phase of appPhases(deps)) {
    if (phase.path) app.use(phase.path, phase.handler);
    else app.use(phase.handler);
  }
  return app;
}

/** The app's phases, read top to bottom in the order a request meets them; each says why it stands where it does. */
function appPhases(deps: AppDependencies): AppPhase[] {
  const { config, logger } = deps;
  const pageCache = deps.pageCaching;
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
  return [
    // Logging, metrics, the per-client count, tracing, compression and a relay's pipeline each listen for an
    // answer's end: more than Node's default of 10 listeners on one response is expected here, not a leak.
    { name: 'listeners allowed', handler: allowAnswerListeners },
    // First, so every answer carries them: assets, health, metrics and favicons as much as pages.
    { name: 'security headers', handler: siteSecurityHeaders(config, deps.assets.scriptHashes) },
    { name: 'request log', handler: requestLogging(logger) },
    { name: 'request metrics', handler: requestMetrics(deps.metrics) },
    {
      name: 'compression',
      handler: compression({
        filter: (req, res) => !isEventStream(res) && compression.filter(req, res),
        brotli: { params: ON_THE_FLY_BROTLI },
      }),
    },
    { name: 'health', handler: healthRoutes(deps.lifecycle, deps.probes) },
    // After health, so probes from a busy address still get through. What a cache may answer counts only when it misses.
    {
      name: 'requests in flight per client',
      handler: concurrentRequestsPerClient(config.clientLimits.maxConcurrentRequests, {
        waitMs: config.clientLimits.inFlightWaitMs,
        clientKey: (req) => config.trustProxy.client(req).limitKey,
        cacheFirst: (req) =>
          isVariantRequest(req) || isSearchRequest(req) || (pageCache !== undefined && mayBeCachedPage(req)),
      }),
    },
    { name: 'client assets', handler: deps.clientAssets },
    { name: 'favicons', handler: faviconRoutes() },
    { name: 'market', handler: marketResolution(deps.markets, config.trustProxy, config.devHosts) },
    { name: 'known host', handler: knownHost(deps) },
    { name: 'page parameters', handler: pageParameters },
    // Old paths answer before anything that could claim them: a retired PDF under /media is moved, not relayed.
    { name: 'redirects', handler: createRedirectMiddleware(deps.redirects) },
    { name: 'pictures', handler: deps.pictures },
    { name: 'api in one case', handler: apiInOneCase() },
    // /api answers are not kept by anyone unless a route says otherwise (stories, the OpenAPI document).
    { name: 'api not stored', path: '/api', handler: apiNotStored },
    {
      name: 'content webhook',
      handler: contentWebhook({
        secret: config.contentWebhookSecret,
        purge: (prefixes) => pageCache?.purge(prefixes) ?? Promise.resolve(0),
        replays: deps.webhookReplays,
        logger,
      }),
    },
    { name: 'field data', handler: rumRoutes(deps.metrics.registry, deps.limits) },
    { name: 'api', path: '/api', handler: deps.api },
    { name: 'lead form posts', handler: deps.leadForms.post },
    { name: 'lead form answers', handler: deps.leadForms.answerOfPage },
    // After market resolution and redirects: anonymous pages are answered from stored bytes, the rest rendered.
    {
      name: 'pages',
      handler: pageCache
        ? pageCacheMiddleware(pageCache, pages, { renderTimeoutMs: PAGE_RENDER_TIMEOUT_MS }, logger)
        : pages,
    },
    { name: 'server error', handler: errorHandler(logger, renderServerError) },
  ];
}

const allowAnswerListeners: RequestHandler = (_req, res, next) => {
  res.setMaxListeners(20);
  next();
};

/** What a page reads of the query, once, for every handler after (res.locals.pageParams). */
const pageParameters: RequestHandler = (req, res, next) => {
  res.locals.pageParams = pageSearchParams(req);
  next();
};

const apiNotStored: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** A market's host goes on; the development index answers on its own host; any other host is unknown. */
function knownHost(deps: AppDependencies): RequestHandler {
  const { config } = deps;
  return (req, res, next) => {
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
  };
}

/** Server-sent events must reach the browser as written: never compressed (and so never buffered). */
function isEventStream(res: { getHeader(name: string): unknown }): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}
