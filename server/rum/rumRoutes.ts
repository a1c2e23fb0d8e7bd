import express, { Router } from 'express';
import { Histogram, type Registry } from 'prom-client';
import type { Market } from '../../markets/schema.js';
import { RumBeaconSchema } from '../../contracts/rum.js';
import { ApiError } from '../http/apiError.js';
import { sameOriginForUnsafeMethods } from '../markets/originCheck.js';
import { splitLanguagePath } from '../markets/languagePath.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';
import { countOrRefuse, type RequestLimits } from '../security/rateLimits.js';

/**
 * What a page is, for the metrics' page_type label (a small, fixed set whatever arrives): from its path, and for
 * the content pages that carry the booking wizard or the tire hotel (their paths are the content's), from its islands.
 */
export function pageTypeOf(market: Market, publicPath: string, islands: readonly string[] = []): string {
  const split = splitLanguagePath(market, publicPath);
  const path = withoutTrailingSlashes(split.path) || '/';
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  if (path === '/') return 'home';
  if (path === market.paths.carList) return 'carList';
  if (path === market.paths.savedCars) return 'savedCars';
  if (under(market.paths.carDetailBase)) return 'carDetail';
  if (under(market.paths.siteDetail)) return 'siteDetail';
  if (under(market.paths.stories)) return 'stories';
  if (under(market.paths.kits)) return 'kits';
  if (islands.includes('booking')) return 'booking';
  if (islands.includes('tirehotel')) return 'tireHotel';
  return 'content';
}

/** Seconds for the timings, the score as it is for CLS. */
function vitalsHistograms(registry: Registry) {
  const timing = (name: string, help: string) =>
    new Histogram({
      name,
      help,
      labelNames: ['market', 'page_type'] as const,
      buckets: [0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 4, 6, 10],
      registers: [registry],
    });
  return {
    LCP: timing('bff_rum_lcp_seconds', 'Largest Contentful Paint in shoppers\u2019 browsers'),
    INP: timing('bff_rum_inp_seconds', 'Interaction to Next Paint in shoppers\u2019 browsers'),
    TTFB: timing('bff_rum_ttfb_seconds', 'Time to First Byte in shoppers\u2019 browsers'),
    CLS: new Histogram({
      name: 'bff_rum_cls',
      help: 'Cumulative Layout Shift in shoppers\u2019 browsers',
      labelNames: ['market', 'page_type'] as const,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [registry],
    }),
  };
}

/**
 * POST /api/rum: Core Web Vitals beacons from shoppers' browsers (client/rum/reportVitals.ts),
 * validated, counted per client by the `rumBeaconsPerClient` limit (across containers through Redis),
 * recorded as histograms by market and page type. Answers 204; nothing is stored besides the histograms.
 */
export function rumRoutes(registry: Registry, limits: RequestLimits): Router {
  const histograms = vitalsHistograms(registry);
  const router = Router();
  // sendBeacon may send its Blob as text/plain in some browsers: read the body as JSON whatever it says.
  router.post(
    '/api/rum',
    sameOriginForUnsafeMethods,
    express.json({ limit: '2kb', type: () => true }),
    async (req, res) => {
      await countOrRefuse(res, limits.limiters.rumBeaconsPerClient, limits.clientKey(req), 'limit.tooMany');
      const parsed = RumBeaconSchema.safeParse(req.body);
      if (!parsed.success) {
        throw new ApiError(400, 'bad_request', 'Not a web-vitals beacon', {
          issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      }
      const market = res.locals.market;
      const labels = { market: market.id, page_type: pageTypeOf(market, parsed.data.path, parsed.data.islands) };
      for (const metric of parsed.data.metrics) {
        histograms[metric.name].observe(labels, metric.name === 'CLS' ? metric.value : metric.value / 1000);
      }
      res.status(204).end();
    },
  );
  return router;
}
