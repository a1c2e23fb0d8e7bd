import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { LayoutData } from '../../views/layout/layoutData.js';
import type { ContentClient, ContentScope } from '../upstream/contentClient.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import { layoutCacheOf } from '../upstream/layoutCache.js';

/** The content service site and language of this request. */
export function contentScope(res: Response): ContentScope {
  return {
    site: res.locals.market.contentSite,
    language: res.locals.language,
    preview: res.locals.previewToken,
    linkPrefix: res.locals.languagePrefix,
  };
}

export interface LoadLayoutOptions {
  /** Ask the content service on every call; editing mode (a preview token) always does. */
  bypassCache?: boolean;
}

/**
 * Navigation, alert and footer brands, loaded in parallel and cached per market and language
 * (server/upstream/layoutCache.ts), except in editing mode: an editor sees drafts and their change at once. Each part that fails is left out (and logged by the upstream layer):
 * the layout never costs the shopper the page. The alert is always there: a dismissed one is hidden
 * in the browser (client/enhance/alertGate.ts), so the page is the same for everyone and may be shared.
 */
export async function loadLayout(
  content: ContentClient,
  req: Request,
  res: Response,
  ctx: CallContext,
  logger: Logger,
  options: LoadLayoutOptions = {},
): Promise<LayoutData> {
  const scope = contentScope(res);
  const cache = layoutCacheOf(content);
  // A cached call is shared by every request waiting for it: one shopper leaving must not abort it.
  const sharedCtx: CallContext = { requestId: ctx.requestId };
  const cached = <T>(part: string, call: (c: CallContext) => Promise<T>): Promise<T> =>
    options.bypassCache || scope.preview
      ? call(ctx)
      : cache.get(`${scope.site}|${scope.language}|${part}`, () => call(sharedCtx));
  const [navigation, alert, brands] = await Promise.allSettled([
    cached('navigation', (c) => content.navigation(scope, c)),
    cached('alert', (c) => content.alert(scope, c)),
    cached('brands', (c) => content.brands(scope, c)),
  ]);
  const failed = [navigation, alert, brands].filter((r) => r.status === 'rejected').length;
  if (failed > 0) {
    logger.warn({ requestId: ctx.requestId, failed }, 'layout rendered without parts the content service did not give');
    res.locals.pageIncomplete = true;
  }
  return {
    navigation: navigation.status === 'fulfilled' ? navigation.value : null,
    alert: alert.status === 'fulfilled' ? alert.value : null,
    brands: brands.status === 'fulfilled' ? brands.value : [],
  };
}
