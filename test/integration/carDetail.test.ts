import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { carIdOfPath } from '../../server/catalogue/cars.js';
import type { Car } from '../../contracts/upstream/search.js';
import { stackForThisFile } from '../support/testStack.js';

jest.setTimeout(30_000);

const harness = stackForThisFile({ bff: 'app' });

const market = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const page = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
/** Cars straight from the search service, to pick test subjects and compare the page with. */
async function carsOf(
  id: Market['id'],
  filters: { field: string; values: (string | boolean)[] }[] = [],
): Promise<Car[]> {
  const res = await fetch(`${harness.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index: `cars-${id}`, limit: 100, filters }),
  });
  return ((await res.json()) as { content: Car[] }).content;
}
const detailPath = (m: Market, car: Car) => `${m.paths.carDetailBase}/${car.car_id}/${car.slug}`;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe('car detail addresses', () => {
  it('answers only the id with 302 to the canonical path with the slug, keeping the query', async () => {
    const se = market('se');
    const [car] = await carsOf('se');
    const res = await page(se.devHostname, `${se.paths.carDetailBase}/${car!.car_id}?utm_source=mail`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${detailPath(se, car!)}?utm_source=mail`);
  });

  it('sends a wrong slug and a trailing slash to the canonical path', async () => {
    const uk = market('uk');
    const [car] = await carsOf('uk');
    for (const path of [`${uk.paths.carDetailBase}/${car!.car_id}/old-name`, `${detailPath(uk, car!)}/`]) {
      const res = await page(uk.devHostname, path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(detailPath(uk, car!));
    }
  });

  it('keeps the language prefix on the redirect (the Swedish side of the Finnish site)', async () => {
    const fi = market('fi');
    const [car] = await carsOf('fi');
    const res = await page(fi.devHostname, `/sv${fi.paths.carDetailBase}/${car!.car_id}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/sv${detailPath(fi, car!)}`);
  });

  it('answers an unknown id with the market’s 404 page, and a car of another market too', async () => {
    const se = market('se');
    const [ukCar] = await carsOf('uk');
    for (const id of ['999999', ukCar!.car_id]) {
      const res = await page(se.devHostname, `${se.paths.carDetailBase}/${id}/whatever`);
      expect(res.status).toBe(404);
      expect(res.text).toContain(translator('sv')('error.notFoundTitle'));
    }
  });

  it('leaves other pages under the same prefix to the content routes (the Swedish car list under /kop-bil)', () => {
    expect(carIdOfPath('/kop-bil/sok-bil', '/kop-bil', '/kop-bil/sok-bil')).toBeNull();
    expect(carIdOfPath('/kop-bil/sok-bil/', '/kop-bil', '/kop-bil/sok-bil')).toBeNull();
    expect(carIdOfPath('/kop-bil/finansiering', '/kop-bil', '/kop-bil/sok-bil')).toBeNull();
    expect(carIdOfPath('/kop-bil/123/slug/more', '/kop-bil', '/kop-bil/sok-bil')).toBeNull();
    expect(carIdOfPath('/kop-bil', '/kop-bil', '/kop-bil/sok-bil')).toBeNull();
    expect(carIdOfPath('/kop-bil/123', '/kop-bil', '/kop-bil/sok-bil')).toBe('123');
    expect(carIdOfPath('/kop-bil/123/volvo-xc60', '/kop-bil', '/kop-bil/sok-bil')).toBe('123');
  });

  it('does not claim the Swedish car list page', async () => {
    const se = market('se');
    const res = await page(se.devHostname, se.paths.carList);
    expect(res.status).not.toBe(302);
    expect(res.text).not.toContain('class="car-detail"');
  });

  it('answers 503 with the layout, the section error and Retry-After, without a stack trace, when the search service fails', async () => {
    const se = market('se');
    harness.sandbox.ctx.faults.set('search', { status: 503 });
    const res = await page(se.devHostname, `${se.paths.carDetailBase}/100001/x`);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.text).toContain('Ladda om sidan');
    expect(res.text).toContain('class="site-header');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('the car page', () => {
  it('shows the car, the first 4 equipment items and 5 technical rows with the rest behind disclosures, and structured data', async () => {
    const se = market('se');
    const t = translator('sv');
    const car = (await carsOf('se')).find((c) => c.car_equipment.length > 4 && c.car_technical_data.length > 5)!;
    const res = await page(se.devHostname, detailPath(se, car));
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<h1 class="car-detail__title">`);
    expect(res.text).toContain(car.car_description.slice(0, 40));
    const equipment = res.text.slice(res.text.indexOf('id="car-equipment"'));
    expect(equipment.slice(0, equipment.indexOf('<details')).match(/<li>/g)).toHaveLength(4);
    expect(res.text).toContain(t('carDetail.equipmentMore', { count: car.car_equipment.length - 4 }));
    const technical = res.text.slice(res.text.indexOf('id="car-technical"'));
    expect(technical.slice(0, technical.indexOf('<details')).match(/car-technical__row/g)).toHaveLength(5);
    for (const seller of car.car_sellers) expect(res.text).toContain(`mailto:${seller.email}`);
    const carData = jsonLd(res.text).find((d) => d['@type'] === 'Car');
    const breadcrumbs = jsonLd(res.text).find((d) => d['@type'] === 'BreadcrumbList');
    expect(carData).toMatchObject({
      '@type': 'Car',
      brand: { name: car.car_brand },
      offers: {
        '@type': 'Offer',
        price: car.car_price,
        priceCurrency: 'SEK',
        url: expect.stringMatching(new RegExp(`^https?://[^/]+${detailPath(se, car)}$`)),
      },
    });
    expect((breadcrumbs!.itemListElement as unknown[]).length).toBe(3);
    expect(res.text).toContain('data-island="carGallery"');
    expect(res.text).toContain('data-island="carContact"');
    expect(res.text).toContain('data-island="compare"');
  });

  it('lists up to 8 similar cars of the same body type, never the car itself', async () => {
    const se = market('se');
    const [car] = await carsOf('se');
    const res = await page(se.devHostname, detailPath(se, car!));
    const similar = res.text.slice(res.text.indexOf('id="car-similar"'));
    const links = [...similar.matchAll(/class="car-card__link" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(8);
    expect(links).not.toContain(detailPath(se, car!));
    const bodies = new Set((await carsOf('se', [{ field: 'car_body', values: [car!.car_body] }])).map((c) => c.car_id));
    for (const link of links) expect(bodies.size === 100 || bodies.has(link.split('/')[2]!)).toBe(true);
  });

  it('offers the 360° view and DD/MM/YYYY dates on the UK site', async () => {
    const uk = market('uk');
    const car = (await carsOf('uk')).find((c) => c.car_media_360.length > 0 && c.car_first_registration)!;
    const res = await page(uk.devHostname, detailPath(uk, car));
    const [y, m, d] = car.car_first_registration!.split('-');
    expect(res.text).toContain(`${d}/${m}/${y}`);
    expect(res.text).toContain('/360/1.jpg?v=');
  });

  it('has no 360° view and ISO dates on the Swedish site', async () => {
    const se = market('se');
    const car = (await carsOf('se')).find((c) => c.car_first_registration)!;
    const res = await page(se.devHostname, detailPath(se, car));
    expect(res.text).toContain(car.car_first_registration!);
    expect(res.text).not.toContain('/360/');
  });

  it('asks for a seller on a new-car sample', async () => {
    const uk = market('uk');
    const sample = (await carsOf('uk', [{ field: 'car_is_sample', values: [true] }]))[0]!;
    const res = await page(uk.devHostname, detailPath(uk, sample));
    expect(res.text).toContain(translator('en')('carDetail.contactSeller'));
    // Each seller by its place in the car's list: the form sends no address (the BFF adds the seller's to the lead).
    sample.car_sellers.forEach((seller, i) =>
      expect(res.text).toContain(`<option value="${i}">${seller.name}</option>`),
    );
  });
});
