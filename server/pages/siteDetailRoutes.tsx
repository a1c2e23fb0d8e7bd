import { Router } from 'express';
import { autoDealerJsonLd } from '../../views/pages/sites/autoDealerJsonLd.js';
import { SiteDetailView } from '../../views/pages/sites/SiteDetailView.js';
import { callContextOf } from '../upstream/callContext.js';
import { redirectTo } from '../http/safeLocation.js';
import { localisedMarket } from '../markets/languagePath.js';
import { siteOrigin } from '../markets/siteOrigin.js';
import { loadLayout } from './loadLayout.js';
import type { PageDeps } from './pageDeps.js';
import { renderErrorPage, renderUnavailablePage } from './errorPages.js';
import { findSiteBySlug, latestCarsOf } from './sitesData.js';
import { siteBreadcrumbs } from '../../views/pages/sites/siteBreadcrumbs.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/i;

/** The slug of `{siteDetail}/{slug}` (one segment, one optional trailing slash), or undefined for any other path. */
export function siteSlugOf(path: string, siteDetail: string): string | undefined {
  if (!path.startsWith(`${siteDetail}/`)) return undefined;
  const rest = path.slice(siteDetail.length + 1).replace(/\/$/, '');
  return SLUG.test(rest) ? rest : undefined;
}

/**
 * Site pages at the market's site-detail path plus a site's slug. The list itself (the bare path) is
 * the content service's page; a slug the search service does not know is the market's 404, and a slug
 * in another case is redirected (301) to the site's own spelling.
 */
export function siteDetailRoutes(deps: PageDeps): Router {
  const { renderPage, logger } = deps;
  const router = Router();
  router.get('/{*path}', async (req, res, next) => {
    const { market, language, t } = res.locals;
    const slug = siteSlugOf(req.path, market.paths.siteDetail);
    if (!slug) return next();
    const ctx = callContextOf(req, res);
    const [site, layout] = await Promise.all([
      findSiteBySlug(deps, res, slug, ctx).catch((err: unknown) => {
        logger.warn({ err, requestId: ctx.requestId, slug }, 'site search failed');
        return 'failed' as const;
      }),
      loadLayout(deps.upstreams.content, req, res, ctx, logger),
    ]);
    if (site === null) return renderErrorPage(renderPage, res, 404, layout);
    if (site === 'failed') return renderUnavailablePage(renderPage, res, layout);
    if (site.slug !== slug) {
      // `/anlaggningar/HEDIN-AUTOMOTIVE-BORAS`: one address per site, the slug's own spelling.
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      return redirectTo(res, 301, `${res.locals.languagePrefix}${market.paths.siteDetail}/${site.slug}${query}`);
    }
    // Without its latest cars the page still stands: the section is left out.
    const latestCars = await latestCarsOf(deps, res, site, ctx).catch((err: unknown) => {
      logger.warn(
        { err, requestId: ctx.requestId, siteId: site.site_id },
        'latest arrivals left out: car search failed',
      );
      res.locals.pageIncomplete = true;
      return null;
    });
    renderPage(res, {
      layout,
      head: {
        title: site.site_official_name,
        description: t('pages.siteDetailDescription', { name: site.site_official_name, city: site.site_city }),
        structuredData: [autoDealerJsonLd(localisedMarket(market, language), siteOrigin(market, req), site)],
        breadcrumbs: siteBreadcrumbs(site, market.paths.siteDetail, t),
      },
      body: (
        <SiteDetailView
          site={site}
          latestCars={latestCars}
          today={new Date().toISOString().slice(0, 10)}
          mapTiles={deps.config.map}
        />
      ),
    });
  });
  return router;
}
