import './requestLocals.js';
import express, { type RequestHandler, type Router } from 'express';
import compression from 'compression';
import type { Logger } from 'pino';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Metrics } from './metrics.js';
import { requestMetrics } from './http/requestMetrics.js';
import type { Market } from '../markets/schema.js';
import { MarketIndexPage } from '../views/pages/MarketIndexPage.js';
import type { AssetResolver } from '../views/AssetResolver.js';
import type { Config } from './config.js';
import { errorHandler, unknownHost } from './http/errorHandlers.js';
import { faviconRoutes } from './http/favicon.js';
import { healthRoutes, type DependencyProbe } from './http/health.js';
import type { Lifecycle } from './http/lifecycle.js';
import { requestLogging } from './http/requestLogging.js';
import { assignCspNonce, securityHeaders } from './http/security.js';
import { marketResolution } from './markets/resolveMarket.js';
import type { CompiledRedirects } from './redirects/compile-redirects.js';
import { createRedirectMiddleware } from './redirects/redirect-middleware.js';
import { mediaRelay } from './pages/mediaRelay.js';
import { notFoundPage, pageRoutes, renderErrorPage } from './pages/pageRoutes.js';
import type { PageDeps } from './pages/pageDeps.js';
import { createPageRenderer } from './render/renderPage.js';

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
  /** Every market's permanent redirects, compiled at start-up. */
  redirects: CompiledRedirects;
  /** What the pages load from (server/pages/pageDeps.ts). */
  pageSources: Omit<PageDeps, 'config' | 'logger' | 'renderPage'>;
}

/** The whole request pipeline, in the order a request meets it. */
export function createApp(deps: AppDependencies): express.Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  app.use(requestLogging(logger));
  app.use(requestMetrics(deps.metrics));
  app.use(compression({ filter: (req, res) => !isEventStream(res) && compression.filter(req, res) }));
  app.use(healthRoutes(deps.lifecycle, deps.probes));
  app.get('/metrics', async (_req, res) => {
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
  app.use(deps.clientAssets);
  app.use(faviconRoutes());
  app.use(assignCspNonce, securityHeaders({ isDevelopment: !config.isProduction }));
  app.use(marketResolution(deps.markets, config.trustProxy));

  app.use((req, res, next) => {
    const match = res.locals.hostMatch;
    if (match.kind === 'market') return next();
    if (match.kind === 'index' && req.path === '/' && !config.isProduction) {
      const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? '';
      res.type('html').send(`<!DOCTYPE html>${renderToStaticMarkup(createElement(MarketIndexPage, { markets: deps.markets, port }))}`);
      return;
    }
    unknownHost(req, res, next);
  });

  // Old paths answer before anything that could claim them: a retired PDF under /media is moved, not relayed.
  app.use(createRedirectMiddleware(deps.redirects));
  app.use(mediaRelay(config.upstreamUrls.media ?? '', logger));
  app.use('/api', deps.api);

  const renderPage = createPageRenderer(deps.assets, logger);
  app.use(pageRoutes({ config, logger, renderPage, ...deps.pageSources, redirects: deps.redirects }));
  app.use(notFoundPage(renderPage));
  app.use(errorHandler(logger, (res) => renderErrorPage(renderPage, res, 500)));
  return app;
}

/** Server-sent events must reach the browser as written: never compressed (and so never buffered). */
function isEventStream(res: { getHeader(name: string): unknown }): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}
