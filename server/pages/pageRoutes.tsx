import { Router, type Request, type Response } from 'express';
import { DemoPage } from '../../views/pages/DemoPage.js';
import { ErrorPage } from '../../views/pages/ErrorPage.js';
import { HomePage } from '../../views/pages/HomePage.js';
import type { RenderPage } from '../render/renderPage.js';

/** The pages of a market site. Each route loads its data, then renders one view. */
export function pageRoutes(renderPage: RenderPage): Router {
  const router = Router();

  router.get('/', (_req, res) => {
    const { t, market } = res.locals;
    renderPage(res, {
      head: { title: t('page.homeTitle'), description: t('page.homeDescription', { site: market.siteName }) },
      body: <HomePage />,
    });
  });

  router.get('/demo', (_req, res) => {
    const { t } = res.locals;
    renderPage(res, { head: { title: t('demo.title'), description: t('demo.intro') }, body: <DemoPage /> });
  });

  return router;
}

/** The market's own error page for a status: 404 when no route claimed the path, 500 on a failure. */
export function renderErrorPage(renderPage: RenderPage, res: Response, status: 404 | 500): void {
  const { t } = res.locals;
  const kind = status === 404 ? 'notFound' : 'server';
  renderPage(res, {
    status,
    head: { title: t(`error.${kind}Title`), description: t(`error.${kind}Text`), indexable: false },
    body: <ErrorPage kind={kind} />,
  });
}

export function notFoundPage(renderPage: RenderPage) {
  return (_req: Request, res: Response) => renderErrorPage(renderPage, res, 404);
}
