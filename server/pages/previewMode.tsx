import type { Request, RequestHandler, Response } from 'express';
import { readCookie } from '../../client/shared/cookies.js';
import { PreviewRejectedPage } from '../../views/seo/PreviewRejectedPage.js';
import { callContextOf } from '../upstream/callContext.js';
import { PREVIEW_COOKIE } from '../http/personalCookies.js';
import { redirectTo } from '../http/safeLocation.js';
import { CONTENT_PREVIEW_QUERY, END_PREVIEW_QUERY } from '../../contracts/upstream/content.js';
import { UpstreamError } from '../upstream/upstreamError.js';
import { loadLayout } from './loadLayout.js';
import type { PageDeps } from './pageDeps.js';

/** What a token may look like before it is sent on as a header; anything else is refused like a wrong one. */
const TOKEN_SHAPE = /^[\w.~+/=-]{1,512}$/;

/**
 * Editing mode for content editors. A page opened with `?preview=<token>` (or with the preview cookie)
 * is checked with the content service; a token it accepts is kept in the cookie and puts the request
 * in editing mode (`res.locals.previewToken`: content calls carry it, shared caches are bypassed, the
 * page is `private, no-store` and `noindex`, editable fields are marked). A token it refuses answers
 * 401 with a page saying so and a link to the published page, and the cookie is dropped: an editor
 * with an expired token must not mistake the published page for their draft.
 */
export function previewMode(deps: PageDeps): RequestHandler {
  const content = deps.upstreams.content;
  const accept = (res: Response, token: string, next: () => void) => {
    res.locals.previewToken = token;
    res.cookie(PREVIEW_COOKIE, token, cookieOptions(deps.config.isProduction));
    next();
  };
  return async (req, res, next) => {
    if (req.query[END_PREVIEW_QUERY] !== undefined) {
      res.clearCookie(PREVIEW_COOKIE, cookieOptions(deps.config.isProduction));
      return redirectTo(res, 303, withoutPreviewParameters(req.originalUrl));
    }
    const token = tokenOf(req);
    if (token === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    const { market, language } = res.locals;
    const ctx = callContextOf(req, res);
    if (TOKEN_SHAPE.test(token)) {
      try {
        await content.languages({ site: market.contentSite, language, preview: token }, ctx);
      } catch (err) {
        if (!(err instanceof UpstreamError && err.upstreamStatus === 401)) return accept(res, token, next); // the page will show a service failure itself
        return reject(deps, req, res);
      }
      return accept(res, token, next);
    }
    return reject(deps, req, res);
  };
}

/**
 * The same URL without the preview parameters, so leaving editing mode lands on the published page.
 * The path is kept as sent (not resolved as a URL, which reads `//host` as another site); redirectTo makes it safe.
 */
function withoutPreviewParameters(originalUrl: string): string {
  const mark = originalUrl.indexOf('?');
  const params = new URLSearchParams(mark === -1 ? '' : originalUrl.slice(mark + 1));
  params.delete(CONTENT_PREVIEW_QUERY);
  params.delete(END_PREVIEW_QUERY);
  const path = mark === -1 ? originalUrl : originalUrl.slice(0, mark);
  return params.size > 0 ? `${path}?${params.toString()}` : path;
}

function tokenOf(req: Request): string | undefined {
  const fromQuery = req.query[CONTENT_PREVIEW_QUERY];
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  return readCookie(req.headers.cookie ?? '', PREVIEW_COOKIE) || undefined;
}

/** A session cookie (no expiry): editing mode ends with the browser session. */
function cookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
}

async function reject(deps: PageDeps, req: Request, res: Response): Promise<void> {
  res.clearCookie(PREVIEW_COOKIE, cookieOptions(deps.config.isProduction));
  const layout = await loadLayout(deps.upstreams.content, req, res, callContextOf(req, res), deps.logger);
  const { t } = res.locals;
  deps.renderPage(res, {
    status: 401,
    layout,
    head: { title: t('seo.previewRejectedTitle'), description: t('seo.previewRejectedText'), indexable: false },
    body: <PreviewRejectedPage />,
  });
}
