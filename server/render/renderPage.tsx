import type { ReactNode } from 'react';
import type { Response } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import type { Logger } from 'pino';
import type { AssetResolver } from '../../views/AssetResolver.js';
import { Document, type PageHead } from '../../views/Document.js';
import { Layout } from '../../views/Layout.js';
import type { LayoutData } from '../../views/layout/layoutData.js';
import { PageContext, type PageContextValue } from '../../views/PageContext.js';

export interface PageRender {
  status?: number;
  head: PageHead;
  body: ReactNode;
  /** The layout's content (navigation, alert, brands); without it the layout shows none. */
  layout?: LayoutData;
}

export type RenderPage = (res: Response, page: PageRender) => void;

/**
 * Streams a full HTML document for the market on `res.locals.market`. Data is loaded before
 * rendering (loaders run in parallel), so the document streams as soon as React has it.
 */
export function createPageRenderer(assets: AssetResolver, logger: Logger): RenderPage {
  return (res, page) => {
    // Market, language and translate function were resolved once for the request (resolveMarket.ts).
    const { market, language, t, cspNonce: nonce } = res.locals;
    let islandCount = 0;
    const context: PageContextValue = {
      market,
      language,
      t,
      path: (res.req.path || '/').replace(/\/+$/, '') || '/',
      searchParams: new URLSearchParams(res.req.originalUrl.split('?')[1] ?? ''),
      nonce,
      editing: false,
      report: (message, detail) => logger.warn({ ...detail, requestId: res.req.id, path: res.req.path }, message),
      islands: new Set(),
      nextIslandId: () => `island-${islandCount++}`,
    };
    const tree = (
      <PageContext.Provider value={context}>
        <Document head={page.head} assets={assets}>
          <Layout data={page.layout}>{page.body}</Layout>
        </Document>
      </PageContext.Provider>
    );
    let failed = false;
    const stream = renderToPipeableStream(tree, {
      nonce,
      onShellReady() {
        res.status(page.status ?? 200);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        stream.pipe(res);
      },
      onShellError(error) {
        logger.error({ err: error, requestId: res.req.id }, 'page shell failed to render');
        if (!res.headersSent) {
          res.status(500).type('html').send('<!DOCTYPE html><html><head><title>500</title></head><body><h1>500</h1></body></html>');
        }
      },
      onError(error) {
        if (!failed) logger.error({ err: error, requestId: res.req.id }, 'page render error');
        failed = true;
      },
    });
    res.on('close', () => stream.abort());
  };
}
