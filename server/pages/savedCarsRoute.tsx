import { Router } from 'express';
import { SavedCarsPageView } from '../../views/saved/SavedCarsIsland.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';
import { callContextOf } from '../upstream/callContext.js';
import { loadLayout } from './loadLayout.js';
import type { PageDeps } from './pageDeps.js';

/**
 * The saved-cars page at the market's `paths.savedCars`, in each of its languages. The shopper's cars live
 * in their browser and never reach the server, so the page is the same HTML for everyone: it is cached as
 * any page is, and holds no one's cars. It is theirs alone to look at, so search engines are told not to
 * index it and the sitemap does not list it (server/pages/seoRoutes.ts lists content, sites and cars).
 */
export function savedCarsRoute(deps: PageDeps): Router {
  const router = Router();
  router.get('/{*path}', async (req, res, next) => {
    const { market, t } = res.locals;
    if (withoutTrailingSlashes(req.path) !== market.paths.savedCars) return next();
    const layout = await loadLayout(deps.upstreams.content, req, res, callContextOf(req, res), deps.logger);
    deps.renderPage(res, {
      layout,
      head: {
        title: t('saved.title'),
        description: t('saved.description'),
        indexable: false,
        // Not indexed, yet the same page in every language: the language switch leads to it.
        alternates: market.languages.map((language) => ({ language, path: market.paths.savedCars })),
      },
      body: <SavedCarsPageView />,
    });
  });
  return router;
}
