import type { Request, Response } from 'express';
import { ContentUnavailableView } from '../../views/pages/ContentPageView.js';
import { ErrorPage } from '../../views/pages/ErrorPage.js';
import type { LayoutData } from '../../views/layout/layoutData.js';
import type { RenderPage } from '../render/renderPage.js';

/** The market's own error page for a status: 404 when no route claimed the path, 500 on a failure. */
export function renderErrorPage(renderPage: RenderPage, res: Response, status: 404 | 500, layout?: LayoutData): void {
  const { t } = res.locals;
  const kind = status === 404 ? 'notFound' : 'server';
  renderPage(res, {
    status,
    layout,
    head: { title: t(`error.${kind}Title`), description: t(`error.${kind}Text`), indexable: false },
    body: <ErrorPage kind={kind} />,
  });
}

/** An upstream the page cannot stand without failed: 503 with the layout, the section error, and when to retry. */
export function renderUnavailablePage(renderPage: RenderPage, res: Response, layout: LayoutData): void {
  const { t } = res.locals;
  res.setHeader('Retry-After', '30');
  renderPage(res, {
    status: 503,
    layout,
    head: { title: t('error.serverTitle'), description: t('error.serverText'), indexable: false },
    body: <ContentUnavailableView />,
  });
}

export function notFoundPage(renderPage: RenderPage) {
  return (_req: Request, res: Response) => renderErrorPage(renderPage, res, 404);
}
