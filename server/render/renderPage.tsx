import type { ReactNode } from 'react';
import type { Response } from 'express';
import type { Language } from '../../markets/schema.js';
import { renderToString } from 'react-dom/server';
import type { Logger } from 'pino';
import type { AssetResolver } from '../../views/AssetResolver.js';
import { Document, FIRST_SCREEN_STYLES } from '../../views/Document.js';
import type { PageHead } from '../../views/pageHead.js';
import { Layout } from '../../views/Layout.js';
import type { LayoutData } from '../../views/layout/layoutData.js';
import { PageContext, type PageContextValue } from '../../views/PageContext.js';
import { languageLinks, localisedMarket, localisePath, pageAlternates } from '../markets/languagePath.js';
import { siteOrigin } from '../markets/siteOrigin.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';
import { inSpan } from '../tracing/spans.js';
import { pageTemplate } from '../../client/shared/media/pictureUrl.js';
import { PictureTemplateContext } from '../../client/media/ResponsiveImage.js';

/** The query a list page's language links carry, per other language of the market. */
export type LanguageQueries = Partial<Record<Language, URLSearchParams>>;

export interface PageRender {
  status?: number;
  head: PageHead;
  body: ReactNode;
  /** The layout's content (navigation, alert, brands); without it the layout shows none. */
  layout?: LayoutData;
  /** A list page's query in the market's other languages, for the language links (server/pages/languageQueries.ts). */
  languageQueries?: LanguageQueries;
}

export type RenderPage = (res: Response, page: PageRender) => void;

/**
 * Sends a full HTML document for the market on `res.locals.market`. Data is loaded before
 * rendering (loaders run in parallel), so the document is whole as soon as React has it.
 */
/** `imageUrlTemplate`: IMAGE_URL_TEMPLATE (config.images.urlTemplate); unset, pictures come from /media. */
export function createPageRenderer(assets: AssetResolver, logger: Logger, imageUrlTemplate?: string): RenderPage {
  const placeholder = `<style ${FIRST_SCREEN_STYLES}=""></style>`;
  /** The first screen's styles, picked from what the whole page turned out to use, into the head's empty <style>. */
  const withFirstScreenStyles = (html: string) => {
    const styles = assets.firstScreenStyles;
    if (!styles) return html;
    const at = html.indexOf(placeholder);
    return at < 0 ? html : `${html.slice(0, at)}<style>${styles(html)}</style>${html.slice(at + placeholder.length)}`;
  };
  return (res, page) => {
    // Market, language and translate function were resolved once for the request (resolveMarket.ts).
    const { market, language, t } = res.locals;
    let islandCount = 0;
    // req.path is the content path: a language prefix was taken off by languageRouting (server/markets/languagePath.ts).
    const contentPath = withoutTrailingSlashes(res.req.path || '/');
    // None on an error page of a request that failed before the pipeline read them (server/app.ts).
    const searchParams = res.locals.pageParams ?? new URLSearchParams();
    const alternates = pageAlternates(market, language, contentPath, page.head);
    const editing = res.locals.previewToken !== undefined;
    const origin = siteOrigin(market, res.req);
    const pictureTemplate = imageUrlTemplate ? pageTemplate(imageUrlTemplate, origin) : undefined;
    const context: PageContextValue = {
      market: localisedMarket(market, language),
      language,
      t,
      origin,
      path: localisePath(market, language, contentPath),
      href: (path) => localisePath(market, language, path),
      alternates,
      languageLinks: languageLinks(
        market,
        res.locals.contentLanguages ?? [],
        alternates,
        searchParams,
        page.languageQueries,
      ),
      searchParams,
      editing,
      pictureTemplate,
      report: (message, detail) => logger.warn({ ...detail, requestId: res.req.id, path: res.req.path }, message),
      postedForm: res.locals.postedForm,
      islands: new Set(),
      nextIslandId: () => `island-${islandCount++}`,
    };
    const tree = (
      <PageContext.Provider value={context}>
        <PictureTemplateContext.Provider value={pictureTemplate}>
          <Document head={page.head} assets={assets}>
            <Layout data={page.layout}>{page.body}</Layout>
          </Document>
        </PictureTemplateContext.Provider>
      </PageContext.Provider>
    );
    let body: Buffer;
    try {
      // renderToString, not a stream: every loader has finished before rendering and no part of a page
      // suspends, so a stream would send the same bytes at the same moment, after measuring and copying
      // every chunk (about a fifth of a car list's main-thread time).
      body = inSpan('render', {}, () => Buffer.from(withFirstScreenStyles(`<!DOCTYPE html>${renderToString(tree)}`)));
    } catch (error) {
      logger.error({ err: error, requestId: res.req.id }, 'page failed to render');
      res
        .status(500)
        .type('html')
        .send('<!DOCTYPE html><html><head><title>500</title></head><body><h1>500</h1></body></html>');
      return;
    }
    res.status(page.status ?? 200);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    // Editing mode shows unpublished content: never stored by a shared cache, never indexed.
    if (editing) res.setHeader('Cache-Control', 'private, no-store').setHeader('X-Robots-Tag', 'noindex');
    res.end(body);
  };
}
