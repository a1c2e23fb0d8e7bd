import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { Car, Site } from '../../contracts/upstream/search.js';
import { stackForThisFile } from '../support/testStack.js';

/** The shopper-visible defects of issue 16 that the server's HTML shows. */
jest.setTimeout(30_000);

const harness = stackForThisFile({ bff: 'app' });
const market = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const get = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
async function search<T>(
  index: string,
  filters: { field: string; values: (string | boolean)[] }[] = [],
  limit = 100,
): Promise<T[]> {
  const res = await fetch(`${harness.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index, limit, filters }),
  });
  return ((await res.json()) as { content: T[] }).content;
}
/** What a shopper reads: the page without its scripts (island props, structured data) and tags. */
const text = (html: string) =>
  html
    .replace(/<script[^>]*>[^]*?<\/script>/g, ' ')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ');
/** The `<dt>label</dt><dd>value</dd>` pairs of a page (facts and technical data). */
const rows = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map(
    (m) => [m[1]!, m[2]!.replace(/[\u00a0\u202f]/g, ' ')] as const,
  );
/** The first value under a label (the facts come before the technical data and the similar cars' cards). */
const firstValue = (html: string, label: string) => rows(html).find(([l]) => l === label)?.[1];
const detailPath = (m: Market, car: Car, prefix = '') => `${prefix}${m.paths.carDetailBase}/${car.car_id}/${car.slug}`;

describe('car detail in the market’s formats and the page’s language', () => {
  it('writes UK technical data with DD/MM/YYYY dates, miles and en-GB numbers, like the facts', async () => {
    const uk = market('uk');
    const car = (await search<Car>('cars-uk')).find((c) => c.car_first_registration && c.car_mileage > 1000)!;
    const res = await get(uk.devHostname, detailPath(uk, car));
    const [y, m, d] = car.car_first_registration!.split('-');
    const miles = `${Math.round(car.car_mileage / 1.609344).toLocaleString('en-GB')} miles`;
    const en = translator('en');
    const details = res.text.slice(0, res.text.indexOf('id="car-similar"'));
    const all = rows(details);
    // The facts and the technical data agree.
    expect(all.filter(([label]) => label === en('carDetail.firstRegistration')).map(([, v]) => v)).toEqual([
      `${d}/${m}/${y}`,
      `${d}/${m}/${y}`,
    ]);
    expect(all.filter(([label]) => label === en('carDetail.mileageMi')).map(([, v]) => v)).toEqual([miles, miles]);
    expect(text(details)).not.toContain(car.car_first_registration!);
    expect(text(details)).not.toMatch(/\d km\b/);
  });

  it('shows the Finnish site in Swedish with Swedish labels, km beside a km label, and Swedish fuel and gearbox values', async () => {
    const fi = market('fi');
    const sv = translator('sv');
    const car = (await search<Car>('cars-fi', [{ field: 'car_fuel', values: ['Bensiini'] }])).find(
      (c) => c.car_gearbox === 'Automaatti',
    )!;
    const res = await get(fi.devHostname, detailPath(fi, car, '/sv'));
    expect(firstValue(res.text, sv('carDetail.mileageMil'))).toBeUndefined();
    expect(firstValue(res.text, sv('carDetail.mileageKm'))).toBe(
      `${car.car_mileage.toLocaleString('sv-FI').replace(/[\u00a0\u202f]/g, ' ')} km`,
    );
    expect(firstValue(res.text, sv('carDetail.fuel'))).toBe('Bensin');
    expect(firstValue(res.text, sv('carDetail.gearbox'))).toBe('Automat');
    // None of the Finnish document's words or labels.
    for (const finnish of ['Bensiini', 'Automaatti', 'Ajomäärä', 'Käyttövoima', 'Vaihteisto'])
      expect(text(res.text)).not.toContain(finnish);
  });

  it('keeps the Finnish words on the Finnish side', async () => {
    const fi = market('fi');
    const car = (await search<Car>('cars-fi', [{ field: 'car_fuel', values: ['Bensiini'] }]))[0]!;
    const res = await get(fi.devHostname, detailPath(fi, car));
    expect(firstValue(res.text, translator('fi')('carDetail.fuel'))).toBe('Bensiini');
  });
});

describe('car list states', () => {
  it('shows the error without a count of 0 cars', async () => {
    harness.sandbox.ctx.faults.set('search', { status: 503 });
    const res = await get('se.localhost', '/kop-bil/sok-bil');
    expect(res.text).toContain(translator('sv')('error.carListError'));
    expect(text(res.text)).not.toContain(translator('sv')('carList.resultCount', { total: 0 }));
  });

  it('keeps the facets when nothing matches, so the shopper can change the filters', async () => {
    const sv = translator('sv');
    const res = await get('se.localhost', '/kop-bil/sok-bil?keyphrase=zzzqqq&car_fuel=Diesel');
    expect(res.text).toContain(sv('error.noSearchResults'));
    for (const facet of ['car_brand', 'car_fuel', 'car_price'] as const)
      expect(res.text).toContain(`>${sv(`carList.facet.${facet}`)}`);
    // The chosen fuel is still there to untick.
    expect(res.text).toMatch(
      /role="checkbox" aria-checked="true"[^>]*>(<span[^>]*><\/span>)?<span class="facet__label">Diesel</,
    );
  });
});

describe('language switch', () => {
  it('keeps the car list’s query on the link to the same page in the other language', async () => {
    const res = await get('fi.localhost', '/autot?car_fuel=Diesel&sortName=price_asc');
    expect(res.text).toContain(
      '<a href="/sv/autot?car_fuel=Diesel&amp;sortName=price_asc" hrefLang="sv" lang="sv" data-same-page="">',
    );
  });
});

describe('site pages', () => {
  it('redirects a slug in another case to the site’s own spelling (301), keeping the language and query', async () => {
    const se = market('se');
    const [site] = await search<Site>('sites-se', [], 1);
    const res = await get(se.devHostname, `/anlaggningar/${site!.slug.toUpperCase()}?utm_source=print`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/anlaggningar/${site!.slug}?utm_source=print`);
    const fi = market('fi');
    const [fiSite] = await search<Site>('sites-fi', [], 1);
    const sv = await get(fi.devHostname, `/sv/toimipisteet/${fiSite!.slug.toUpperCase()}`);
    expect(sv.headers.location).toBe(`/sv/toimipisteet/${fiSite!.slug}`);
    expect((await get(se.devHostname, `/anlaggningar/${site!.slug}-x`)).status).toBe(404);
  });

  it('lists each department’s brands and staff with their title, phone and e-mail', async () => {
    const se = market('se');
    const site = (await search<Site>('sites-se')).find((s) =>
      s.site_departments.some((d) => d.users.length > 0 && d.brands.length > 0),
    )!;
    const res = await get(se.devHostname, `/anlaggningar/${site.slug}`);
    const sv = translator('sv');
    expect(res.text).toContain(`>${sv('pages.siteDepartmentStaff')}</h4>`);
    for (const department of site.site_departments) {
      for (const user of department.users) {
        expect(res.text).toContain(`<span class="staff-member__name">${user.name}</span>`);
        expect(res.text).toContain(`<span class="staff-member__title">${user.title}</span>`);
        expect(res.text).toContain(`href="mailto:${user.email}"`);
      }
      if (department.brands.length > 0) {
        expect(text(res.text)).toContain(
          `${sv('pages.siteDepartmentBrands')}: ${department.brands.map((b) => b.name).join(', ')}`,
        );
      }
    }
  });
});
