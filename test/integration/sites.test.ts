import { jest } from '@jest/globals';
import request from 'supertest';
import { formatMarketDate } from '../../client/shared/marketDate.js';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { Site } from '../../contracts/upstream/search.js';
import { siteTownLine } from '../../client/shared/sites/siteCard.js';
import { weekdayName } from '../../views/pages/sites/openingHours.js';
import { stackForThisFile, startTestStack } from '../support/testStack.js';

jest.setTimeout(30_000);

const harness = stackForThisFile({ bff: 'app' });

const page = (market: Market, path: string, app = harness.bff.app) =>
  request(app).get(path).set('Host', market.devHostname);
const market = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const search = async <T>(body: object): Promise<{ content: T[]; total_items: number }> =>
  (await (
    await fetch(`${harness.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as { content: T[]; total_items: number };
const sitesOf = async (m: Market) =>
  (await search<Site>({ index: m.searchIndexes.sites, limit: 100, sort_name: 'name_asc' })).content;
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
const siteLinks = (html: string) => [...html.matchAll(/<a class="site-card__link" href="([^"]+)"/g)].map((m) => m[1]);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe('site list of every market', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s links a card per site to the site-detail path plus slug, in its language',
    async (_id, m) => {
      const sites = await sitesOf(m);
      const t = translator(m.languages[0]!);
      const res = await page(m, m.paths.siteDetail);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${m.languages[0]}"`);
      expect(siteLinks(res.text)).toEqual(sites.map((s) => `${m.paths.siteDetail}/${s.slug}`));
      expect(res.text).toContain(`<h2 id="site-list-title">${escapeHtml(t('pages.sitesHeading'))}</h2>`);
      const first = sites[0]!;
      expect(res.text).toContain(`${escapeHtml(first.site_street)}<br/>${escapeHtml(siteTownLine(first, m.id))}`);
      // The search box shows above 8 sites only (Slovakia has 7).
      expect(res.text.includes('id="site-search-q"')).toBe(sites.length > 8);
    },
  );

  it("narrows the list to the shopper's search (?q=) with a way back to all", async () => {
    const m = market('fi');
    const all = await sitesOf(m);
    const city = all[0]!.site_city;
    const matching = (await search<Site>({ index: m.searchIndexes.sites, keyphrase: city, limit: 100 })).content;
    const res = await page(m, `${m.paths.siteDetail}?q=${encodeURIComponent(city)}`);
    expect(res.status).toBe(200);
    expect(new Set(siteLinks(res.text))).toEqual(new Set(matching.map((s) => `${m.paths.siteDetail}/${s.slug}`)));
    expect(matching.length).toBeLessThan(all.length);
    expect(res.text).toContain(`name="q" value="${escapeHtml(city)}"`);
    expect(res.text).toContain(
      `<a href="${m.paths.siteDetail}">${escapeHtml(translator('fi')('pages.sitesShowAll'))}</a>`,
    );
  });

  it('shows a message, not an error page, when the search service fails', async () => {
    const app = (await startTestStack({ bff: 'app', sandbox: harness.sandbox })).bff;
    harness.sandbox.ctx.faults.set('search', { status: 503 });
    const res = await page(market('se'), market('se').paths.siteDetail, app.app);
    await app.close();
    expect(res.status).toBe(200);
    expect(res.text).toContain(escapeHtml(translator('sv')('pages.sitesError')));
  });
});

describe('site page of every market', () => {
  it('every Swedish site page answers at its own slug (none is moved by the redirect table)', async () => {
    const se = MARKETS.find((m) => m.id === 'se')!;
    for (const site of await sitesOf(se)) {
      const res = await page(se, `${se.paths.siteDetail}/${site.slug}`);
      expect([site.slug, res.status]).toEqual([site.slug, 200]);
    }
  });

  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s shows hero, address with maps link, phone, e-mail, map, departments and latest arrivals',
    async (_id, m) => {
      const site = (await sitesOf(m))[0]!;
      const t = translator(m.languages[0]!);
      const locale = m.locales[m.languages[0]!]!;
      const res = await page(m, `${m.paths.siteDetail}/${site.slug}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${m.languages[0]}"`);
      expect(res.text).toContain(`<h1 class="site-hero__title">${escapeHtml(site.site_official_name)}</h1>`);
      expect(res.text).toMatch(
        /<a href="https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=[^"]+" target="_blank" rel="noopener">/,
      );
      expect(res.text).toContain(`href="mailto:${site.site_email}"`);
      expect(res.text).toContain(`>${escapeHtml(site.site_phone)}</a>`);
      expect(res.text).toContain('<figure class="site-map">');
      expect(res.text).toContain('"@type":"BreadcrumbList"');
      for (const department of site.site_departments)
        expect(res.text).toContain(`>${escapeHtml(department.name)}</h3>`);
      expect(res.text).toContain(`<caption>${escapeHtml(t('pages.siteOpeningHours'))}</caption>`);
      expect(res.text).toContain(`<th scope="row">${escapeHtml(weekdayName('Monday', locale))}`);
      const deviation = site.site_departments[0]!.deviation_days[0];
      if (deviation) expect(res.text).toContain(`>${formatMarketDate(deviation.date, m.dateFormat)}</time>`);

      const cars = (
        await search<{ car_id: string; slug: string }>({
          index: m.searchIndexes.cars,
          filters: [{ field: 'car_site_id', values: [site.site_id] }],
          sort_name: 'newest',
          limit: 12,
        })
      ).content;
      const arrivals = res.text.slice(res.text.indexOf('class="site-arrivals"'));
      const carLinks = [...arrivals.matchAll(/<a class="car-card__link" href="([^"]+)"/g)].map((x) => x[1]);
      expect(carLinks).toEqual(cars.map((c) => `${m.paths.carDetailBase}/${c.car_id}/${c.slug}`));
      expect(carLinks.length).toBeLessThanOrEqual(12);

      const dealer = jsonLd(res.text).find((d) => d['@type'] === 'AutoDealer')!;
      expect(dealer).toMatchObject({
        name: site.site_official_name,
        telephone: site.site_phone,
        address: { streetAddress: site.site_street, postalCode: site.site_zip },
      });
      expect(dealer.openingHoursSpecification).toContainEqual(
        expect.objectContaining({ dayOfWeek: 'https://schema.org/Monday' }),
      );
      expect(res.text).toContain(`<title>${escapeHtml(site.site_official_name)}`);
    },
  );

  it('answers an unknown site with the market 404 page in its language', async () => {
    const m = market('uk');
    const res = await page(m, `${m.paths.siteDetail}/no-such-site`);
    expect(res.status).toBe(404);
    expect(res.text).toContain(`<h1>${escapeHtml(translator('en')('error.notFoundTitle'))}</h1>`);
  });

  it('answers 503 with the layout and a section error when the site search fails', async () => {
    const app = (await startTestStack({ bff: 'app', sandbox: harness.sandbox })).bff;
    const m = market('no');
    const site = (await sitesOf(m))[0]!;
    harness.sandbox.ctx.faults.set('search', { status: 503 });
    const res = await page(m, `${m.paths.siteDetail}/${site.slug}`, app.app);
    await app.close();
    expect(res.status).toBe(503);
    expect(res.text).toContain(translator('nb')('error.sectionTitle'));
  });
});

describe('site selection block', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s shows its predefined query as cards linking to the site pages, and a link button',
    async (_id, m) => {
      const home = (await (await fetch(`${harness.sandbox.url}/content/${m.contentSite}/page?path=/`)).json()) as {
        page: {
          blocks: Array<{
            type: string;
            filters: object[];
            limit: number;
            title: string;
            link: { url: string } | null;
          }>;
        };
      };
      const block = home.page.blocks.find((b) => b.type === 'siteSelection')!;
      const expected = (
        await search<Site>({
          index: m.searchIndexes.sites,
          filters: block.filters,
          limit: block.limit,
          sort_name: 'name_asc',
        })
      ).content;
      const res = await page(m, '/');
      const section = res.text.slice(res.text.indexOf('<section class="site-selection"'));
      expect(section).toContain(`>${escapeHtml(block.title)}</h2>`);
      expect(siteLinks(section.slice(0, section.indexOf('</section>')))).toEqual(
        expected.map((s) => `${m.paths.siteDetail}/${s.slug}`),
      );
      if (block.link) expect(section).toContain(`href="${block.link.url}"`);
    },
  );

  it('is left out, not the page, when its site query fails', async () => {
    const app = (await startTestStack({ bff: 'app', sandbox: harness.sandbox })).bff;
    harness.sandbox.ctx.faults.set('search', { status: 503 });
    const res = await page(market('sk'), '/', app.app);
    await app.close();
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('class="site-selection"');
  });
});
