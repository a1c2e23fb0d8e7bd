import { Router } from 'express';
import { DemoPage } from '../../views/pages/DemoPage.js';
import { callContextOf } from '../upstream/callContext.js';
import type { ContentPage } from '../../contracts/upstream/content.js';
import { loadBlockData } from './blockData.js';
import { renderErrorPage, renderUnavailablePage } from './errorPages.js';
import { renderContentPageKind } from './contentPageKinds.js';
import { contentScope, loadLayout } from './loadLayout.js';
import type { PageDeps } from './pageDeps.js';
import { carDetailRoutes } from './carDetailRoutes.js';
import { contentPageSeo } from '../../views/seo/contentPageSeo.js';
import { contentLanguages } from '../pages/contentLanguages.js';
import { languageRouting } from '../markets/languagePath.js';
import { previewMode } from './previewMode.js';
import { seoRoutes } from './seoRoutes.js';
import { siteDetailRoutes } from './siteDetailRoutes.js';
import { savedCarsRoute } from './savedCarsRoute.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';

/**
 * The pages of a market site. Routes with their own path shape (car detail, site detail, saved cars, sitemap)
 * come first; every other path is the content service's. Each route loads its data, then renders one view.
 */
export function pageRoutes(deps: PageDeps): Router {
  const { renderPage, logger } = deps;
  const content = deps.upstreams.content;
  const router = Router();
  // First: `/sv/...` is routed as its content path; robots.txt and sitemap.xml; then editing mode and the language switch's data.
  router.use(languageRouting(), seoRoutes(deps), previewMode(deps), contentLanguages(content, logger));
  router.use(carDetailRoutes(deps));

  router.get('/demo', (_req, res) => {
    const { t } = res.locals;
    renderPage(res, { head: { title: t('demo.title'), description: t('demo.intro') }, body: <DemoPage /> });
  });

  router.use(siteDetailRoutes(deps));
  router.use(savedCarsRoute(deps));

  // Any other path is the content service's: its page, the market's 404, or the layout with a section error.
  router.get('/{*path}', async (req, res) => {
    const ctx = callContextOf(req, res);
    const path = withoutTrailingSlashes(req.path) || '/';
    const [page, layout] = await Promise.all([
      content.page(contentScope(res), path, ctx).then(
        (found): ContentPage | null | 'failed' => found,
        () => 'failed' as const,
      ),
      loadLayout(content, req, res, ctx, logger),
    ]);
    if (page === null) return renderErrorPage(renderPage, res, 404, layout);
    if (page === 'failed') return renderUnavailablePage(renderPage, res, layout);
    const loaded = await loadBlockData(page.blocks, { req, res, ctx, deps, pageType: page.pageType });
    const rendered = await renderContentPageKind({
      page: { ...page, blocks: loaded.blocks },
      blockData: loaded.data,
      req,
      res,
      ctx,
      deps,
    });
    const { t } = res.locals;
    renderPage(res, {
      layout,
      head: {
        title: page.pageType === 'home' ? t('page.homeTitle') : page.name,
        description: page.metaDescription,
        ...contentPageSeo(page),
        ...rendered.head,
      },
      body: rendered.body,
      languageQueries: rendered.languageQueries,
    });
  });

  return router;
}
