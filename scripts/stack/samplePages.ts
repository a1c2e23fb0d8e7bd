import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'undici';
import type { Market } from '../../markets/schema.js';
import { CLIENT_BUILD_DIR } from '../../client/entryPath.js';
import { SELL_CAR_PATHS } from '../../sandbox/data/content/leadFormPages.js';
import type { RunningBff } from '../../server/start.js';

/** The Vite manifest of the client build; `vite build` first when it is missing (or `force`). */
export function ensureClientBuild(force = false): string {
  const manifest = `${CLIENT_BUILD_DIR}/.vite/manifest.json`;
  if (force || !existsSync(manifest))
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  return manifest;
}

/** GET through the BFF with the market named in the Host header (Node does not resolve *.localhost). */
export async function getPage(
  bff: Pick<RunningBff, 'url'>,
  host: string,
  path: string,
): Promise<{ status: number; text: string }> {
  const res = await request(`${bff.url}${path}`, { headers: { host } });
  return { status: res.statusCode, text: await res.body.text() };
}

/** The service booking page where the navigation points (the content's 'Boka service'), on markets with booking. */
export const BOOKING_PAGE_PATHS: Partial<Record<Market['id'], string>> = {
  se: '/service-och-verkstad/boka-service',
  'se-used': '/service/boka-service',
};
/** The content tree's Däckhotell page, which carries the tire-hotel flow, on markets with the tire hotel (issue 13). */
export const TIRE_HOTEL_PAGE_PATHS: Partial<Record<Market['id'], string>> = {
  se: '/service-och-verkstad/dack/dackhotell',
  'se-used': '/service/dack/dackhotell',
};

export interface SamplePage {
  /** 'home', 'content page', 'story', 'site list', 'site', 'kits', 'car list', 'car detail', 'booking'. */
  name: string;
  path: string;
}

/**
 * One page of every type of a market, found the way a crawler would: content pages, stories and sites from
 * the sitemap, a car from /api/search. A type that cannot be found is left out (its name is in `missing`).
 */
export async function samplePages(
  bff: Pick<RunningBff, 'url'>,
  market: Market,
): Promise<{ pages: SamplePage[]; missing: string[] }> {
  const host = market.devHostname;
  // The sitemap index's first file holds the content and site pages.
  const sitemap = await getPage(bff, host, '/sitemap-pages.xml');
  const paths = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const marketPaths = new Set(Object.values(market.paths));
  const under = (base: string) => paths.find((p) => p.startsWith(`${base}/`));
  const booking = BOOKING_PAGE_PATHS[market.id];
  // A page of content blocks: not one of the lead-form pages (their form is an island), now in the menus too.
  const sellCar = SELL_CAR_PATHS[market.id];
  const content = paths.find(
    (p) =>
      p !== '/' &&
      p !== booking &&
      !marketPaths.has(p) &&
      p !== sellCar &&
      !p.startsWith(`${sellCar}/`) &&
      ![market.paths.stories, market.paths.siteDetail, market.paths.carDetailBase, market.paths.kits].some((b) =>
        p.startsWith(`${b}/`),
      ) &&
      !/^\/[a-z]{2}(\/|$)/.test(p),
  );
  const search = await request(`${bff.url}/api/search`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json' },
    body: JSON.stringify({ index: 'cars', fields: ['car_id', 'slug'], limit: 1 }),
  });
  const car =
    search.statusCode === 200
      ? ((await search.body.json()) as { content: Array<{ car_id: string; slug: string }> }).content[0]
      : (await search.body.text(), undefined);
  const found: Array<[string, string | undefined]> = [
    ['home', '/'],
    ['content page', content],
    ['story', under(market.paths.stories)],
    ['site list', market.paths.siteDetail],
    ['site', under(market.paths.siteDetail)],
    ['kits', market.paths.kits],
    ['car list', market.paths.carList],
    ['car detail', car ? `${market.paths.carDetailBase}/${car.car_id}/${car.slug}` : undefined],
    ['booking', booking],
    ['tire hotel', market.features.tireHotel ? TIRE_HOTEL_PAGE_PATHS[market.id] : undefined],
    ['saved cars', market.paths.savedCars],
  ];
  return {
    pages: found.filter((f): f is [string, string] => f[1] !== undefined).map(([name, path]) => ({ name, path })),
    missing: found.filter((f) => f[1] === undefined).map(([name]) => name),
  };
}
