import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import request from 'supertest';
import { marketById } from '../../markets/registry.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { Site } from '../../contracts/upstream/search.js';
import { sandboxDataset } from '../../sandbox/data/dataset.js';
import { stackForThisFile, startTestStack } from '../support/testStack.js';

jest.setTimeout(60_000);

const harness = stackForThisFile({ bff: 'app' });
const get = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
const data = () => sandboxDataset(harness.sandbox.ctx.seed, harness.sandbox.ctx.now());
const sweden = marketById('se');
const uk = marketById('uk');
const carListProps = (html: string) => {
  const json = /<script type="application\/json" id="([^"]+)-props">(.*?)<\/script>/s.exec(
    html.slice(html.indexOf('data-island="carList"')),
  )?.[2];
  return JSON.parse(json!) as { results: { cars: { id: string }[]; total: number } };
};
const siteLinks = (html: string) => [...html.matchAll(/<a class="site-card__link" href="([^"]+)"/g)].map((m) => m[1]!);

describe('redirects answer before the media relay', () => {
  it('moves an old UK price-list PDF to its listing with a 301', async () => {
    const res = await get(uk.devHostname, '/media/2071/bmw-x5-price-list.pdf');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/buy-car/new-cars/bmw');
    // ...and the listing it lands on is a page.
    expect((await get(uk.devHostname, res.headers.location!)).status).toBe(200);
  });

  it.each([
    ['se', '/media/sites/101.jpg', /^image\/jpeg/],
    // The UK table moves old PDFs, never the images its live pages show.
    ['uk', '/media/brands/volvo.svg', /^image\/svg\+xml/],
    ['uk', '/media/map-tiles/3/4/2.svg', /^image\/svg\+xml/],
  ])('still relays media files that exist (%s %s)', async (market, path, type) => {
    const res = await get(market === 'uk' ? uk.devHostname : sweden.devHostname, path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
  });
});

describe('the sitemap', () => {
  it('leaves out a page a redirect rule moves, so it lists only pages that answer 200', async () => {
    const origin = `http://${sweden.devHostname}`;
    const listed = (xml: string) => xml.includes(`<loc>${origin}/kop-bil/kampanjer</loc>`);
    expect(listed((await get(sweden.devHostname, '/sitemap-pages.xml')).text)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'redirects-'));
    cpSync('redirects', dir, { recursive: true });
    appendFileSync(join(dir, 'se.txt'), '\n/kop-bil/kampanjer  /kop-bil/sok-bil\n');
    const moved = (await startTestStack({ bff: 'app', sandbox: harness.sandbox, env: { REDIRECTS_DIR: dir } })).bff;
    try {
      const res = await request(moved.app).get('/sitemap-pages.xml').set('Host', sweden.devHostname);
      expect(res.status).toBe(200);
      expect(listed(res.text)).toBe(false);
      expect(res.text).toContain(`<loc>${origin}/kop-bil/finansiering</loc>`);
    } finally {
      await moved.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('listing filters that redirect destinations use', () => {
  it('shows only the cars of the region named by car_site_region, server-rendered', async () => {
    const expected = data()
      .cars.get('se')!
      .filter((car) => car.car_site_region === 'Stockholm');
    expect(expected.length).toBeGreaterThan(0);
    const res = await get(sweden.devHostname, '/kop-bil/sok-bil?car_site_region=Stockholm');
    expect(res.status).toBe(200);
    const { results } = carListProps(res.text);
    expect(results.total).toBe(expected.length);
    expect(results.cars.length).toBeGreaterThan(0);
    for (const car of results.cars) expect(data().carsById.get(car.id)?.car_site_region).toBe('Stockholm');
    // The active filter shows as a chip the shopper can remove.
    expect(res.text).toContain(translator('sv')('carList.facet.car_site_region'));
  });

  it('shows only the sites with a department of the brand, with a chip that removes the filter', async () => {
    const volvo = data()
      .sites.get('se')!
      .filter((site) => site.site_departments.some((d) => d.brands.some((b) => b.name === 'Volvo')));
    const all = data().sites.get('se')!;
    expect(volvo.length).toBeGreaterThan(0);
    expect(volvo.length).toBeLessThan(all.length);
    const res = await get(sweden.devHostname, '/anlaggningar?site_departments.brands.name=Volvo');
    expect(res.status).toBe(200);
    expect(new Set(siteLinks(res.text))).toEqual(new Set(volvo.map((s) => `/anlaggningar/${s.slug}`)));
    const t = translator('sv');
    expect(res.text).toContain(
      `<a class="chip" href="/anlaggningar" aria-label="${t('sites.removeFilter', { label: 'Märke: Volvo' })}">`,
    );
    // The search form keeps the filter, so a search stays inside it.
    expect(res.text).toContain('<input type="hidden" name="site_departments.brands.name" value="Volvo"/>');
  });

  it('combines a brand and a service filter, and a chip removes only its own value', async () => {
    const hasVolvo = (site: Site) => site.site_departments.some((d) => d.brands.some((b) => b.name === 'Volvo'));
    const volvo = data().sites.get('se')!.filter(hasVolvo);
    // A service some but not all Volvo sites offer.
    const service = volvo
      .flatMap((site) => site.site_departments.flatMap((d) => d.service_name))
      .find((name) => volvo.some((site) => !site.site_departments.some((d) => d.service_name.includes(name))))!;
    const expected = volvo.filter((site) => site.site_departments.some((d) => d.service_name.includes(service)));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(volvo.length);
    const query = new URLSearchParams({
      'site_departments.brands.name': 'Volvo',
      'site_departments.service_name': service,
    });
    const res = await get(sweden.devHostname, `/anlaggningar?${query}`);
    expect(new Set(siteLinks(res.text))).toEqual(new Set(expected.map((s) => `/anlaggningar/${s.slug}`)));
    const escape = (text: string) => text.replace(/&/g, '&amp;');
    expect(res.text).toContain(
      `href="${escape(`/anlaggningar?${new URLSearchParams({ 'site_departments.service_name': service })}`)}"`,
    );
    expect(res.text).toContain('href="/anlaggningar?site_departments.brands.name=Volvo"');
  });
});

describe('old UK brand and model paths (part 2 §2.7: deeper model paths collapse to the brand listing)', () => {
  it.each([
    '/used/bmw/x5',
    '/used-cars/bmw/x5',
    '/used/BMW/X5/',
    '/buy-car/used-cars/bmw/x5',
    '/used/bmw/x5/m-sport/12345',
  ])('%s ends in one hop on the BMW used-car page, which answers 200', async (path) => {
    const res = await get(uk.devHostname, path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/buy-car/used-cars/bmw');
    expect((await get(uk.devHostname, res.headers.location!)).status).toBe(200);
  });

  it('collapses a new-car model path to the brand new-car page, which answers 200', async () => {
    const res = await get(uk.devHostname, '/buy-car/new-cars/bmw/x5');
    expect(res.headers.location).toBe('/buy-car/new-cars/bmw');
    expect((await get(uk.devHostname, '/buy-car/new-cars/bmw')).status).toBe(200);
  });
});

describe('old listing links end on cars, not on an empty list (the filter word is the stock word)', () => {
  it.each([
    ['fi', '/osta-auto/vaihtoautot'],
    ['fi', '/osta-auto/pakettiautot'],
    ['fi', '/osta-auto?vehicletype=TB'],
    ['sk', '/ojazdene-vozidla'],
    ['sk', '/uzitkove-vozidla'],
    ['sk', '/ponuka-vozidiel?vehicletype=PB'],
    ['se', '/kop-bil/biltyp/suv'],
    ['se', '/kop-bil/bilmarken/volkswagen-transportbilar'],
    ['se-used', '/kop-bil/kombi'],
    ['uk', '/vehicle-search?type=van'],
  ])('%s %s', async (marketId, path) => {
    const host = marketById(marketId as never).devHostname;
    const res = await get(host, path);
    expect(res.status).toBe(301);
    const page = await get(host, res.headers.location!);
    expect(page.status).toBe(200);
    expect(carListProps(page.text).results.total).toBeGreaterThan(0);
  });
});

describe("the UK's used-car list (markets/uk.ts carListDefaults)", () => {
  const cars = (html: string) => carListProps(html).results as unknown as { cars: { isNew: boolean }[]; total: number };

  it('shows used cars only at /buy-car/used-cars, and new ones when a link asks for them', async () => {
    const used = cars((await get(uk.devHostname, '/buy-car/used-cars')).text);
    expect(used.total).toBeGreaterThan(0);
    expect(used.cars.every((car) => !car.isNew)).toBe(true);
    const fresh = cars((await get(uk.devHostname, '/buy-car/used-cars?car_condition=New')).text);
    expect(fresh.total).toBeGreaterThan(0);
    expect(fresh.cars.every((car) => car.isNew)).toBe(true);
    // Together they are the whole stock: the default hides nothing a link cannot reach.
    const both = cars((await get(uk.devHostname, '/buy-car/used-cars?car_condition=Used&car_condition=New')).text);
    expect(both.total).toBe(used.total + fresh.total);
  });

  it("a brand's new-car page links to that brand's new cars", async () => {
    const page = await get(uk.devHostname, '/buy-car/new-cars/bmw');
    const link = /href="(\/buy-car\/used-cars\?car_brand=BMW[^"]*)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBe('/buy-car/used-cars?car_brand=BMW&car_condition=New');
    const list = cars((await get(uk.devHostname, link!)).text);
    expect(list.total).toBeGreaterThan(0);
    expect(list.cars.every((car) => car.isNew)).toBe(true);
  });
});
