import { jest } from '@jest/globals';
import request from 'supertest';
import { marketById } from '../../markets/registry.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

jest.setTimeout(30_000);

const harness = sharedStackForThisFile();

const finland = marketById('fi');
const page = (path: string, host = finland.devHostname) => request(harness.bff.app).get(path).set('Host', host);
/** Every href of the page that stays on the site (no scheme, no media, no assets). */
const internalLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"/g)]
    .map((m) => m[1]!.replaceAll('&amp;', '&'))
    .filter((href) => href.startsWith('/') && !href.startsWith('/media/') && !href.startsWith('#'));
const storyPath = async (lang: string) => {
  const answer = (await (
    await fetch(`${harness.sandbox.url}/content/${finland.contentSite}/stories?lang=${lang}&limit=1`)
  ).json()) as { items: Array<{ url: { path: string } }> };
  return answer.items[0]!.url.path;
};

describe('the Swedish side of the Finnish site', () => {
  it('serves /sv in Swedish with every internal link carrying the /sv prefix exactly once', async () => {
    const res = await page('/sv');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="sv"');
    // The language switch is the one place that links to the Finnish side.
    const links = internalLinks(res.text.replace(/<nav class="language-switch"[\s\S]*?<\/nav>/, ''));
    expect(links.length).toBeGreaterThan(10);
    const unprefixed = links.filter((href) => !/^\/sv(\/|\?|$)/.test(href));
    expect(unprefixed).toEqual([]);
    expect(links.filter((href) => href.startsWith('/sv/sv'))).toEqual([]);
    // The header's car-list shortcut, the footer's brand links and the hero search all stay in Swedish.
    expect(res.text).toContain(`href="/sv${finland.paths.carList}"`);
    expect(res.text).toContain(`action="/sv${finland.paths.heroSearch}"`);
  });

  it('renders a content page under /sv with Swedish content, breadcrumbs and hreflang to both languages', async () => {
    const path = await storyPath('sv');
    const [sv, fi] = await Promise.all([page(`/sv${path}`), page(path)]);
    expect(sv.status).toBe(200);
    expect(fi.status).toBe(200);
    expect(sv.text).toContain('<html lang="sv"');
    expect(fi.text).toContain('<html lang="fi"');
    const origin = `http://${finland.devHostname}`; // a local run links to itself, never to production
    expect(sv.text).toContain(`<link rel="canonical" href="${origin}/sv${path}"/>`);
    expect(sv.text).toContain(`<link rel="alternate" hrefLang="fi" href="${origin}${path}"/>`);
    expect(sv.text).toContain(`<link rel="alternate" hrefLang="sv" href="${origin}/sv${path}"/>`);
    expect(sv.text).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}${path}"/>`);
    expect(sv.text).toMatch(/<nav class="breadcrumbs"[^>]*><ol[^>]*><li><a href="\/sv">/);
  });

  it('switches language to the same page, in each language its own name', async () => {
    const path = await storyPath('fi');
    const res = await page(path);
    const switcher = /<nav class="language-switch"[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
    expect(switcher).toContain(
      `href="${path}" hrefLang="fi" lang="fi" aria-current="true" data-same-page=""><span class="language-switch__name">Suomi</span>`,
    );
    expect(switcher).toContain(
      `href="/sv${path}" hrefLang="sv" lang="sv" data-same-page=""><span class="language-switch__name">Svenska</span>`,
    );
  });

  it('keeps a car detail page (not a content page) at its path in both languages', async () => {
    const search = await request(harness.bff.app)
      .post('/api/search')
      .set('Host', finland.devHostname)
      .send({ index: 'cars', fields: ['car_id', 'slug'], limit: 1 });
    const car = (search.body as { content: Array<{ car_id: string; slug: string }> }).content[0]!;
    const path = `${finland.paths.carDetailBase}/${car.car_id}/${car.slug}`;
    const res = await page(`/sv${path}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="sv"');
    const switcher = /<nav class="language-switch"[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
    expect(switcher).toContain(`href="${path}" hrefLang="fi"`);
    expect(switcher).toContain(`href="/sv${path}" hrefLang="sv"`);
  });

  it('links a page the service has no language version of to that language home (the 404 page)', async () => {
    const res = await page('/sv/ei-ole-olemassa');
    expect(res.status).toBe(404);
    const switcher = /<nav class="language-switch"[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
    expect(switcher).toContain('href="/" hrefLang="fi"');
    expect(switcher).toContain('href="/sv" hrefLang="sv"');
  });

  describe('the language switch on a filtered list keeps what the list shows, the filters in the other language’s words', () => {
    const switchHref = (html: string, language: string) =>
      new RegExp(`<a href="([^"]+)" hrefLang="${language}"`)
        .exec(/<nav class="language-switch"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '')?.[1]
        ?.replaceAll('&amp;', '&') ?? '';
    /** What a list page shows: the car ids of its cards, the kit codes, or the site names (all the same in both languages). */
    const carIds = (html: string) =>
      [...new Set([...html.matchAll(/\/autot\/auto\/(\d+)\//g)].map((m) => m[1]!))].sort();

    it('cars: a model and a town in Finnish open the Swedish list on the same cars, and back', async () => {
      const fi = await page('/autot?car_model=C-sarja&car_city=Turku&car_fuel=Diesel');
      expect(fi.status).toBe(200);
      const fiCars = carIds(fi.text);
      expect(fiCars.length).toBeGreaterThan(0);
      const toSwedish = switchHref(fi.text, 'sv');
      // The worded filters in Swedish; the index's own words (fuel) as they were.
      expect(toSwedish).toBe('/sv/autot?car_city=%C3%85bo&car_fuel=Diesel&car_model=C-klass');
      const sv = await page(toSwedish);
      expect(carIds(sv.text)).toEqual(fiCars);
      const back = switchHref(sv.text, 'fi');
      expect(new URLSearchParams(back.split('?')[1]).getAll('car_model')).toEqual(['C-sarja']);
      expect(carIds((await page(back)).text)).toEqual(fiCars);
    });

    it('kits: a Swedish category opens the Finnish kits page on the same kits', async () => {
      const sv = await page(`/sv${finland.paths.kits}?category=Vinterhjul`);
      const count = (html: string) => /class="kits__count"[^>]*>(\d+)/.exec(html)?.[1];
      expect(count(sv.text)).toBe('8');
      const toFinnish = switchHref(sv.text, 'fi');
      expect(toFinnish).toBe(`${finland.paths.kits}?category=Talvipy%C3%B6r%C3%A4t`);
      expect(count((await page(toFinnish)).text)).toBe('8');
    });

    it('sites: a department service in Finnish opens the Swedish site list on the same sites', async () => {
      const search = await request(harness.bff.app)
        .post('/api/search')
        .set('Host', finland.devHostname)
        .send({ index: 'sites', fields: ['site_id', 'site_departments'], limit: 1 });
      const service = (
        search.body as { content: { site_departments: { service_name: string[] }[] }[] }
      ).content[0]!.site_departments.flatMap((d) => d.service_name)[0]!;
      const slugs = (html: string) =>
        [...new Set([...html.matchAll(/href="(?:\/sv)?\/toimipisteet\/([a-z0-9-]+)"/g)].map((m) => m[1]!))].sort();
      const fi = await page(
        `${finland.paths.siteDetail}?${new URLSearchParams({ 'site_departments.service_name': service })}`,
      );
      expect(slugs(fi.text).length).toBeGreaterThan(0);
      const toSwedish = switchHref(fi.text, 'sv');
      expect(new URLSearchParams(toSwedish.split('?')[1]).get('site_departments.service_name')).not.toBe(service);
      expect(slugs((await page(toSwedish)).text)).toEqual(slugs(fi.text));
    });
  });

  it('moves the default language own prefix to the unprefixed path, keeping the query', async () => {
    const res = await page('/fi/autot?car_brand=Kia');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/autot?car_brand=Kia');
    expect((await page('/fi')).headers.location).toBe('/');
  });

  it('shows no language switch on a one-language market, where only its own code is a prefix (moved away)', async () => {
    const res = await page('/', 'se.localhost');
    expect(res.text).not.toContain('class="language-switch"');
    expect((await page('/sv/nyheter', 'se.localhost')).headers.location).toBe('/nyheter');
    expect((await page('/fi', 'se.localhost')).status).toBe(404);
  });
});
