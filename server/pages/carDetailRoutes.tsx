import { Router, type NextFunction, type Request, type Response } from 'express';
import { toCarSummary } from '../../client/shared/cars/carSummary.js';
import { CarDetailPage } from '../../views/pages/carDetail/CarDetailPage.js';
import { carDetailHead } from '../../views/pages/carDetail/carDetailHead.js';
import { callContextOf } from '../upstream/callContext.js';
import { redirectTo } from '../http/safeLocation.js';
import { siteOrigin } from '../markets/siteOrigin.js';
import { carIdOfPath, findCar, findSimilarCars } from '../catalogue/cars.js';
import { carSiteContact, sellerContact } from '../catalogue/carSiteContact.js';
import { loadLayout } from './loadLayout.js';
import type { PageDeps } from './pageDeps.js';
import { renderErrorPage, renderUnavailablePage } from './errorPages.js';

/**
 * The car page at `{carDetailBase}/{car_id}/{slug}` (part 1 §2). Only the id: 302 to the canonical
 * path with the car's slug; a wrong slug: the same. An unknown id: the market's 404. Only paths whose
 * id segment is a car id are claimed: other pages under the same prefix (the Swedish car list
 * `/kop-bil/sok-bil` under `/kop-bil`) go on to the content routes.
 */
export function carDetailRoutes(deps: PageDeps): Router {
  const { renderPage, logger } = deps;
  const router = Router();

  router.get('/{*path}', async (req: Request, res: Response, next: NextFunction) => {
    const { market, languagePrefix } = res.locals;
    const carId = carIdOfPath(req.path, market.paths.carDetailBase, market.paths.carList);
    if (carId === null) return next();

    const ctx = callContextOf(req, res);
    const [car, layout] = await Promise.all([
      findCar(deps.searchCache, market, carId, ctx).catch((err: unknown) => {
        logger.error({ err, requestId: ctx.requestId, carId }, 'car page: the car could not be looked up');
        return 'failed' as const;
      }),
      loadLayout(deps.upstreams.content, req, res, ctx, logger),
    ]);
    if (car === 'failed') return renderUnavailablePage(renderPage, res, layout);
    if (car === null) return renderErrorPage(renderPage, res, 404, layout);

    const canonical = `${market.paths.carDetailBase}/${encodeURIComponent(car.car_id)}/${encodeURIComponent(car.slug)}`;
    if (req.path !== canonical) {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.set('Cache-Control', 'no-cache');
      return redirectTo(res, 302, `${languagePrefix}${canonical}${query}`);
    }

    const [similar, financeContact] = await Promise.all([
      findSimilarCars(deps.searchCache, market, car, ctx).catch((err: unknown) => {
        logger.warn({ err, requestId: ctx.requestId, carId }, 'car page: similar cars left out');
        res.locals.pageIncomplete = true;
        return [];
      }),
      market.features.finance
        ? carSiteContact(deps.searchCache, market, car, ctx).catch((err: unknown) => {
            logger.warn(
              { err, requestId: ctx.requestId, carId },
              "car page: the site's contact left out, the seller's used",
            );
            res.locals.pageIncomplete = true;
            return sellerContact(car);
          })
        : undefined,
    ]);
    renderPage(res, {
      layout,
      head: carDetailHead(car, {
        market,
        language: res.locals.language,
        t: res.locals.t,
        languagePrefix,
        origin: siteOrigin(market, req),
      }),
      body: <CarDetailPage car={car} summary={toCarSummary(car)} similar={similar} financeContact={financeContact} />,
    });
  });

  return router;
}
