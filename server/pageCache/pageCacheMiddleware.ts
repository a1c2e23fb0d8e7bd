import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { claimOrRefuse } from '../http/clientLimits.js';
import type { Logger } from 'pino';
import type { PageCaching } from './createPageCache.js';
import { PAGE_CACHE_ROUTE, type PageCacheResult } from './pageCacheMetrics.js';
import { bypassReason, pageKeyOf } from './pageKey.js';
import { renderDetached, type RenderedPage } from './renderDetached.js';
import { sendEntry } from './sendPage.js';
import { inSpan } from '../tracing/spans.js';

export interface PageCacheSettings {
  /** A render that takes longer is abandoned; its waiters render for themselves. */
  renderTimeoutMs: number;
}

/** Headers of a rendered page that are not replayed to the shoppers who waited for it (the compression middleware sets its own). */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'x-request-id',
  'vary',
]);

/**
 * A request the page cache may answer (an anonymous GET or HEAD outside /api and /media): it counts
 * against its client's in-flight cap only when it makes the page render.
 */
export function mayBeCachedPage(req: Request): boolean {
  return !req.path.startsWith('/api/') && !req.path.startsWith('/media/') && req.path !== '/api' && !bypassReason(req);
}

/**
 * The page cache in front of the page routes (`pages`): an anonymous GET or HEAD for a page is
 * answered from stored bytes when it can be; otherwise one detached render serves every request
 * for the key that arrives meanwhile, and fills the cache. Editing mode, other methods and personal
 * cookies bypass it (`private, no-store`). Every answer says `x-cache: hit|miss|stale|bypass`.
 * A hit, a stale copy or a render joined costs the client nothing; starting a render or rendering
 * alone claims the request's in-flight place first (server/http/clientLimits.ts).
 */
export function pageCacheMiddleware(
  caching: PageCaching,
  pages: RequestHandler,
  settings: PageCacheSettings,
  logger: Logger,
): RequestHandler {
  const { cache, metrics, fastPath, cacheControl: publicCacheControl } = caching;
  const bypass = (res: Response, personal: boolean) => {
    res.setHeader('x-cache', 'bypass');
    // Editing mode or a personal cookie: what this answer shows is one person's.
    if (personal) res.setHeader('Cache-Control', 'private, no-store');
    metrics.record('bypass');
  };

  /** Renders this request's page on its own: work, so its in-flight place is claimed first. */
  const renderAlone = async (req: Request, res: Response, next: NextFunction) => {
    if (await claimOrRefuse(res)) pages(req, res, next);
  };

  return async (req, res, next) => {
    const reason = bypassReason(req);
    if (reason) {
      bypass(res, reason !== 'method');
      return renderAlone(req, res, next);
    }
    const key = pageKeyOf(req, res);
    const render = () => renderDetached(pages, req, res, key, settings.renderTimeoutMs);
    const found = await inSpan(
      'page cache lookup',
      {},
      () => cache.lookup(key.key),
      (entry) => ({ 'bff.page_cache.state': entry?.state ?? 'none' }),
    );
    if (found) {
      if (found.state === 'stale') cache.refresh(key.key, render);
      else fastPath.learn(req, res, key.key);
      metrics.record(found.state === 'fresh' ? 'hit' : 'stale');
      res.locals.metricsRoute = PAGE_CACHE_ROUTE;
      return sendEntry(req, res, found.entry, found.state === 'fresh' ? 'hit' : 'stale', publicCacheControl);
    }
    // Joining a render under way stores nothing new; starting one keeps the page only within the client's
    // byte budget. Over it, the page is rendered and served all the same: it costs what an uncached page costs, and fills nothing.
    // A client known to be over it is sent the page as with the cache off, without the work of a render meant for keeping.
    if (!cache.rendering(key.key) && caching.spent(req)) {
      bypass(res, false);
      return renderAlone(req, res, next);
    }
    if (!cache.rendering(key.key) && !(await claimOrRefuse(res))) return;
    let outcome;
    try {
      outcome = await inSpan('page cache render', {}, () => cache.render(key.key, render, caching.clientOf(req)));
    } catch (err) {
      logger.warn(
        { err, requestId: req.id, key: key.key },
        'page cache: shared render failed, rendering this request alone',
      );
      bypass(res, false);
      return renderAlone(req, res, next);
    }
    if (!outcome.shareable) {
      bypass(res, false);
      return renderAlone(req, res, next);
    }
    if (outcome.entry) {
      metrics.record('miss');
      return sendEntry(req, res, outcome.entry, 'miss', publicCacheControl);
    }
    metrics.record('bypass');
    sendRendered(res, outcome.page, 'bypass', undefined);
  };
}

/** A render's answer that is not kept, for whoever waited for it; compressed on the fly by the compression middleware. */
function sendRendered(
  res: Response,
  page: RenderedPage,
  result: PageCacheResult,
  cacheControl: string | undefined,
): void {
  res.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) if (!NOT_REPLAYED.has(name)) res.setHeader(name, value);
  // A page that is not kept (503, 500, a redirect, a page with a part missing) is not kept by a CDN either.
  res.setHeader('Cache-Control', cacheControl ?? page.headers['cache-control'] ?? 'no-store');
  res.setHeader('x-cache', result);
  if (res.req.method === 'HEAD') res.end();
  else res.end(page.body);
}
