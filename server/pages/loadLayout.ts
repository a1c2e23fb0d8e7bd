import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { HIDE_ALERT_COOKIE, readCookie } from '../../client/enhance/cookies.js';
import type { LayoutData } from '../../views/layout/layoutData.js';
import type { ContentClient, ContentScope } from '../upstream/contentClient.js';
import type { CallContext } from '../upstream/upstreamHttp.js';

/** The content service site and language of this request. */
export function contentScope(res: Response): ContentScope {
  return { site: res.locals.market.contentSite, language: res.locals.language };
}

/**
 * Navigation, alert and footer brands, loaded in parallel. Each part that fails is left out (and
 * logged by the upstream layer): the layout never costs the shopper the page. A dismissed alert
 * (cookie hideAlert) is left out unless it is a Warning, which cannot be dismissed.
 */
export async function loadLayout(content: ContentClient, req: Request, res: Response, ctx: CallContext, logger: Logger): Promise<LayoutData> {
  const scope = contentScope(res);
  const [navigation, alert, brands] = await Promise.allSettled([content.navigation(scope, ctx), content.alert(scope, ctx), content.brands(scope, ctx)]);
  const failed = [navigation, alert, brands].filter((r) => r.status === 'rejected').length;
  if (failed > 0) logger.warn({ requestId: ctx.requestId, failed }, 'layout rendered without parts the content service did not give');
  const dismissed = readCookie(req.headers.cookie ?? '', HIDE_ALERT_COOKIE) !== null;
  const shownAlert = alert.status === 'fulfilled' && alert.value && (alert.value.type === 'Warning' || !dismissed) ? alert.value : null;
  return {
    navigation: navigation.status === 'fulfilled' ? navigation.value : null,
    alert: shownAlert,
    brands: brands.status === 'fulfilled' ? brands.value : [],
  };
}
