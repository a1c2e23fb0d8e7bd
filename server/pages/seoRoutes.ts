import { Router, type NextFunction, type Response } from 'express';
import type { Language, Market } from '../../markets/schema.js';
import { localisePath } from '../markets/languagePath.js';
import { siteOrigin } from '../markets/siteOrigin.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import { CONTENT_PREVIEW_QUERY, type SitemapPage } from '../../contracts/upstream/content.js';
import type { SearchRequest } from '../../contracts/upstream/search.js';
import { resolveRedirect } from '../redirects/resolve-redirect.js';
import { LayoutCache } from '../upstream/layoutCache.js';
import type { PageDeps } from './pageDeps.js';

/** Car detail pages per sitemap file, newest first; the sitemap index lists as many files as the stock needs. */
export const SITEMAP_MAX_CARS = 1000;
const SEARCH_PAGE = 100;

/** One URL of the sitemap: a public path and the same page's public paths in every language it exists in. */
interface SitemapEntry {
  path: string;
  lastmod?: string;
  alternates: { language: Language; path: string }[];
}

/**
 * `robots.txt` and the sitemap of the market on the request's host. `sitemap.xml` is an index of
 * `sitemap-pages.xml` (every published content page in every language, with its language versions as
 * xhtml:link, and each site's detail page) and `sitemap-cars-N.xml` (every car in stock, 1,000 a file,
 * newest first). Each file is built at most every 10 minutes per market (served stale for an hour while
 * one build refreshes it, so search-engine crawls never wait on the upstreams).
 */
export function seoRoutes(deps: PageDeps): Router {
  const router = Router();
  const cache = new LayoutCache({ freshMs: 600_000, staleMs: 3_600_000 });

  router.get('/robots.txt', (req, res) => {
    const { market } = res.locals;
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        `Disallow: /*?${CONTENT_PREVIEW_QUERY}=`,
        `Disallow: /*&${CONTENT_PREVIEW_QUERY}=`,
        '',
        `Sitemap: ${siteOrigin(market, req)}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  // The index: one file of content and site pages, then the cars in files of SITEMAP_MAX_CARS, newest first.
  router.get('/sitemap.xml', async (req, res, next) => {
    const { market } = res.locals;
    const origin = siteOrigin(market, req);
    await sendXml(res, next, `${market.id}|${origin}|index`, async () => {
      const cars = await carCount(deps, market, { requestId: String(req.id) }).catch(() => 0);
      const files = [
        '/sitemap-pages.xml',
        ...Array.from({ length: Math.ceil(cars / SITEMAP_MAX_CARS) }, (_, i) => `/sitemap-cars-${i + 1}.xml`),
      ];
      return sitemapIndexXml(origin, files);
    });
  });

  router.get('/sitemap-pages.xml', async (req, res, next) => {
    const { market } = res.locals;
    const origin = siteOrigin(market, req);
    await sendXml(res, next, `${market.id}|${origin}|pages`, () =>
      buildPagesSitemap(deps, market, origin, { requestId: String(req.id) }),
    );
  });

  router.get('/sitemap-cars-:n.xml', async (req, res, next) => {
    const { market } = res.locals;
    const n = Number(req.params.n);
    if (!/^[1-9]\d{0,3}$/.test(req.params.n)) return next();
    const ctx = { requestId: String(req.id) };
    // Only the files the index lists: a number past the stock fills no cache (a 404, as a file past the stock is anyway).
    if (n > Math.ceil((await carCount(deps, market, ctx).catch(() => 0)) / SITEMAP_MAX_CARS)) return next();
    const origin = siteOrigin(market, req);
    await sendXml(res, next, `${market.id}|${origin}|cars-${n}`, async () => {
      const paths = await searchPaths(
        deps,
        market,
        'cars',
        ['car_id', 'slug'],
        (doc) => `${market.paths.carDetailBase}/${String(doc.car_id)}/${String(doc.slug)}`,
        { offset: (n - 1) * SITEMAP_MAX_CARS, max: SITEMAP_MAX_CARS },
        ctx,
      );
      return paths.length === 0
        ? null
        : sitemapXml(
            market,
            origin,
            paths.flatMap((path) => sameEverywhere(market, path)),
          );
    });
  });

  /** A cached XML document, 404 when the builder has nothing (a car file past the stock). */
  async function sendXml(res: Response, next: NextFunction, key: string, build: () => Promise<string | null>) {
    try {
      const xml = await cache.get(key, async () => (await build()) ?? '');
      if (xml === '') return next();
      res.type('application/xml').setHeader('Cache-Control', 'public, max-age=600');
      res.send(xml);
    } catch (err) {
      next(err);
    }
  }

  return router;
}

/** Content pages in every language and every site's page. */
async function buildPagesSitemap(deps: PageDeps, market: Market, origin: string, ctx: CallContext): Promise<string> {
  const [contentEntries, sites] = await Promise.all([
    contentPages(deps, market, ctx),
    // Sites have the same path in every language; without them the sitemap still lists the content.
    searchPaths(
      deps,
      market,
      'sites',
      ['slug'],
      (doc) => `${market.paths.siteDetail}/${String(doc.slug)}`,
      { offset: 0, max: SEARCH_PAGE },
      ctx,
    ).catch(() => []),
  ]);
  // Only pages that answer 200 at their own URL: a path a redirect rule moves is left out (redirects:check reports the rule).
  const moved = (path: string) =>
    deps.redirects !== undefined && resolveRedirect(deps.redirects, market.id, path) !== null;
  return sitemapXml(
    market,
    origin,
    [...contentEntries, ...sites.flatMap((path) => sameEverywhere(market, path))].filter((entry) => !moved(entry.path)),
  );
}

/** A path that is the same page in every language of the market (sites, cars), with its language versions. */
function sameEverywhere(market: Market, path: string): SitemapEntry[] {
  const alternates = market.languages.map((language) => ({ language, path: localisePath(market, language, path) }));
  return alternates.map((a) => ({ path: a.path, alternates }));
}

/** How many cars the market has in stock. */
async function carCount(deps: PageDeps, market: Market, ctx: CallContext): Promise<number> {
  const { value } = await deps.searchCache.search(
    { index: market.searchIndexes.cars as SearchRequest['index'], fields: ['car_id'], limit: 1 },
    ctx,
  );
  return value.total_items;
}

/** Every published page in every language; one failing language fails the build (and the stale sitemap stays). */
async function contentPages(deps: PageDeps, market: Market, ctx: CallContext): Promise<SitemapEntry[]> {
  const byLanguage = await Promise.all(
    market.languages.map(async (language) => ({
      language,
      pages: await deps.upstreams.content.sitemap({ site: market.contentSite, language }, ctx),
    })),
  );
  return byLanguage.flatMap(({ language, pages }) =>
    pages.map((page: SitemapPage) => ({
      path: localisePath(market, language, page.path),
      lastmod: page.updatedAt.slice(0, 10),
      alternates: [{ language, path: page.path }, ...page.alternates.filter((a) => a.language !== language)]
        .filter((a) => market.languages.includes(a.language))
        .map((a) => ({ language: a.language, path: localisePath(market, a.language, a.path) })),
    })),
  );
}

/** Detail paths of an index's documents from `offset`, paging through the search cache, up to `max`. */
async function searchPaths(
  deps: PageDeps,
  market: Market,
  kind: 'cars' | 'sites',
  fields: string[],
  pathOf: (doc: Record<string, unknown>) => string,
  range: { offset: number; max: number },
  ctx: CallContext,
): Promise<string[]> {
  const paths: string[] = [];
  const end = range.offset + range.max;
  for (let offset = range.offset; offset < end; offset += SEARCH_PAGE) {
    const request: SearchRequest = {
      index: market.searchIndexes[kind] as SearchRequest['index'],
      fields,
      limit: Math.min(SEARCH_PAGE, end - offset),
      offset,
      ...(kind === 'cars' ? { sort_name: 'newest' as const } : {}),
    };
    const { value } = await deps.searchCache.search(request, ctx);
    paths.push(...(value.content as Record<string, unknown>[]).filter((doc) => doc.slug).map(pathOf));
    if (offset + SEARCH_PAGE >= value.total_items) break;
  }
  return paths;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sitemapIndexXml(origin: string, files: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `<sitemap><loc>${escapeXml(origin + file)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

function sitemapXml(market: Market, origin: string, entries: SitemapEntry[]): string {
  const url = (path: string) => escapeXml(origin + path);
  const lines = entries.map((entry) => {
    const alternates =
      entry.alternates.length > 1
        ? [
            ...entry.alternates.map(
              (a) => `<xhtml:link rel="alternate" hreflang="${a.language}" href="${url(a.path)}"/>`,
            ),
            ...entry.alternates
              .filter((a) => a.language === market.languages[0])
              .map((a) => `<xhtml:link rel="alternate" hreflang="x-default" href="${url(a.path)}"/>`),
          ].join('')
        : '';
    return `<url><loc>${url(entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}${alternates}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...lines,
    '</urlset>',
    '',
  ].join('\n');
}
