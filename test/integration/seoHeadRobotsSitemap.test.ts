import { jest } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import type { Car } from '../../contracts/upstream/search.js';
import { readExif } from '../support/exif.js';
import { marketById } from '../../markets/registry.js';
import { stackForThisFile } from '../support/testStack.js';

jest.setTimeout(30_000);

const harness = stackForThisFile({ bff: 'app' });

const get = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
const sweden = marketById('se');
const finland = marketById('fi');
const firstStory = async (market: typeof sweden) =>
  (
    (await (await fetch(`${harness.sandbox.url}/content/${market.contentSite}/stories?limit=1`)).json()) as {
      items: Array<{ title: string; premble: string; url: { path: string } }>;
    }
  ).items[0]!;
const stockOf = async (index: string) =>
  (
    (await (
      await fetch(`${harness.sandbox.url}/search/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ index, limit: 1 }),
      })
    ).json()) as { total_items: number }
  ).total_items;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe('what search engines and link previews read', () => {
  it('gives a story its title, description, canonical, article Open Graph with an absolute image and a breadcrumb trail', async () => {
    const story = await firstStory(sweden);
    const res = await get(sweden.devHostname, story.url.path);
    const origin = `http://${sweden.devHostname}`; // a local run links to itself, never to production
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<link rel="canonical" href="${origin}${story.url.path}"/>`);
    expect(res.text).toContain('<meta property="og:type" content="article"/>');
    expect(res.text).toContain(`<meta property="og:url" content="${origin}${story.url.path}"/>`);
    expect(res.text).toContain('<meta property="og:locale" content="sv_SE"/>');
    expect(res.text).toMatch(new RegExp(`<meta property="og:image" content="${origin}/media/[^"]+"/>`));
    expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    // A one-language market names only this page's own version.
    expect([...res.text.matchAll(/hrefLang="([^"]+)"/g)].map((m) => m[1])).toEqual(['sv', 'x-default']);
    const trail = jsonLd(res.text).find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ position: number; item: string }>;
    };
    expect(trail.itemListElement[0]).toMatchObject({ position: 1, item: `${origin}/` });
    expect(trail.itemListElement.at(-1)).toMatchObject({ item: `${origin}${story.url.path}` });
  });

  it('shares a car with its first photo: og:image a stripped variant at least 1200 px wide, its size and alt, a large card and its price', async () => {
    const res = await fetch(`${harness.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'cars-se', limit: 1 }),
    });
    const car = ((await res.json()) as { content: Car[] }).content[0]!;
    const page = await get(sweden.devHostname, `${sweden.paths.carDetailBase}/${car.car_id}/${car.slug}`);
    expect(page.status).toBe(200);
    const meta = (property: string) =>
      new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"/>`).exec(page.text)?.[1];
    const origin = `http://${sweden.devHostname}`;
    const image = new URL(meta('og:image')!.replaceAll('&amp;', '&'));
    expect(image.origin).toBe(origin);
    const first = new URL(car.car_images[0]!, origin);
    expect(`${image.pathname}?v=${image.searchParams.get('v')}`).toBe(`${first.pathname}${first.search}`);
    expect(meta('og:image:alt')).toContain(car.car_brand);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('og:type')).toBe('product');
    expect([meta('product:price:amount'), meta('product:price:currency')]).toEqual([
      String(car.car_price),
      car.car_currency,
    ]);
    // What a link preview fetches (a crawler names no format: JPEG): the size the page says, no camera metadata.
    const original = await fetch(`${harness.sandbox.url}${first.pathname}${first.search}`);
    expect(readExif((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).exif).gps).toBeDefined();
    const shared = await request(harness.bff.app)
      .get(`${image.pathname}${image.search}`)
      .set('Host', sweden.devHostname)
      .set('Accept', '*/*')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(shared.status).toBe(200);
    const picture = await sharp(shared.body as Buffer).metadata();
    expect(picture.width).toBeGreaterThanOrEqual(1200);
    expect([String(picture.width), String(picture.height)]).toEqual([meta('og:image:width'), meta('og:image:height')]);
    expect(picture.exif).toBeUndefined();
    expect(picture.icc).toBeUndefined();
  });

  it('puts canonical and og:url on the first production hostname when asked on another of the market hosts', async () => {
    const res = await get(sweden.hostnames[1]!, '/');
    expect(res.text).toContain(`<link rel="canonical" href="https://${sweden.hostnames[0]}/"/>`);
    expect(res.text).toContain(`<meta property="og:url" content="https://${sweden.hostnames[0]}/"/>`);
  });

  it('keeps error pages out of the index with no canonical', async () => {
    const res = await get(sweden.devHostname, '/finns-inte');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(res.text).not.toContain('rel="canonical"');
  });

  it('answers robots.txt per market host, keeping crawlers out of the API and previews and naming the sitemap', async () => {
    const res = await get(finland.devHostname, '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
    expect(res.text).toMatch(/^Disallow: \/\*\?preview=$/m);
    expect(res.text).toContain(`Sitemap: http://${finland.devHostname}/sitemap.xml`);
    const production = await get(finland.hostnames[1]!, '/robots.txt');
    expect(production.text).toContain(`Sitemap: https://${finland.hostnames[0]}/sitemap.xml`);
  });

  it('lists every published page in both languages with their alternates, sites and every car, but no draft, through the sitemap index', async () => {
    const origin = `http://${finland.devHostname}`;
    const index = await get(finland.devHostname, '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<sitemapindex');
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files[0]).toBe('/sitemap-pages.xml');
    const bodies = await Promise.all(files.map((file) => get(finland.devHostname, file)));
    const res = bodies[0]!;
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = bodies.flatMap((body) => [...body.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    const cars = locs.filter((loc) => new RegExp(`^${origin}(/sv)?${finland.paths.carDetailBase}/\\d+/`).test(loc));
    expect(cars.length).toBe((await stockOf('cars-fi')) * finland.languages.length); // every car, in each language
    expect(locs).toContain(`${origin}/`);
    expect(locs).toContain(`${origin}/sv`);
    expect(locs).toContain(`${origin}${finland.paths.carList}`);
    expect(locs).toContain(`${origin}/sv${finland.paths.carList}`);
    expect(locs.some((loc) => loc.startsWith(`${origin}${finland.paths.carDetailBase}/`))).toBe(true);
    expect(locs.some((loc) => loc.startsWith(`${origin}${finland.paths.siteDetail}/`))).toBe(true);
    expect(locs.some((loc) => loc.includes('vastuullisuusraportti'))).toBe(false); // the draft page
    expect(res.text).toContain(
      `<xhtml:link rel="alternate" hreflang="sv" href="${origin}/sv${finland.paths.carList}"/>`,
    );
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('lists every car of a stock above 1,000 in car files of 1,000, newest first', async () => {
    const index = await get(sweden.devHostname, '/sitemap.xml');
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const total = await stockOf('cars-se');
    expect(total).toBeGreaterThan(1000);
    expect(files).toEqual([
      '/sitemap-pages.xml',
      ...Array.from({ length: Math.ceil(total / 1000) }, (_, i) => `/sitemap-cars-${i + 1}.xml`),
    ]);
    const perFile = await Promise.all(
      files
        .slice(1)
        .map(async (file) =>
          [...(await get(sweden.devHostname, file)).text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!),
        ),
    );
    expect(perFile[0]).toHaveLength(1000);
    expect(new Set(perFile.flat()).size).toBe(total);
    expect((await get(sweden.devHostname, `/sitemap-cars-${files.length}.xml`)).status).toBe(404); // past the stock
  });

  it('builds the sitemap once and serves it from its cache afterwards', async () => {
    await get(sweden.devHostname, '/sitemap.xml');
    harness.sandbox.ctx.stats.reset();
    const again = await get(sweden.devHostname, '/sitemap.xml');
    expect(again.status).toBe(200);
    expect(harness.sandbox.upstreamCalls('content')).toBe(0);
  });
});
