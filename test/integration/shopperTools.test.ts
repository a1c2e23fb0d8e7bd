import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import type { CarSummary } from '../../client/shared/cars/carSummary.js';
import { startTestStack } from '../support/testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

jest.setTimeout(60_000);

/** Issue 53: what a shopper shops with on the car list (monthly price, budget, nearest first). */
let sandbox: SandboxHere;
let bff: ComposedBff;

beforeAll(async () => {
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox })).bff;
});
afterAll(async () => {
  await bff.close();
  await sandbox.close();
});

const market = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const get = (host: string, path: string) => request(bff.app).get(path).set('Host', host);
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/[\u00a0\u202f]/g, ' ');
/** Each card's link and its monthly price as shown ('4 690 kr/mån'), in page order. */
const cards = (html: string) =>
  text(html)
    .split('<article class="car-card">')
    .slice(1)
    .map((card) => ({
      href: /<a class="car-card__link" href="([^"]+)"/.exec(card)?.[1] ?? '',
      monthly: /<p class="car-card__monthly"><span class="visually-hidden">[^<]*<\/span>([^<]+)<\/p>/.exec(card)?.[1],
    }));

interface ListProps {
  state: { ranges: Record<string, [number, number]> };
  results: { cars: CarSummary[]; total: number };
}
const islandProps = (html: string) => {
  const json = /<script type="application\/json" id="([^"]+)-props">(.*?)<\/script>/s.exec(
    html.slice(html.indexOf('data-island="carList"')),
  )?.[2];
  return JSON.parse(json!) as ListProps;
};
const islandCars = (html: string) => islandProps(html).results.cars;

describe('the monthly price on every card', () => {
  it.each(['se', 'se-used', 'fi', 'no'] as const)(
    '%s: each card shows the monthly payment its car page offers a private buyer, in the market’s words',
    async (id) => {
      const m = market(id);
      const list = cards((await get(m.devHostname, m.paths.carList)).text);
      expect(list).toHaveLength(48);
      const priced = list.filter((card) => card.monthly);
      // Nearly every car has a loan offer; those without show the cash price alone.
      expect(priced.length).toBeGreaterThan(40);
      const perMonth = translator(m.languages[0]!)('carDetail.perMonth', { amount: 'AMOUNT' }).replace('AMOUNT', '');
      for (const card of priced.slice(0, 3)) {
        expect(card.monthly).toContain(perMonth.trim());
        const page = text((await get(m.devHostname, card.href)).text);
        expect(page).toContain(`<p class="car-finance__monthly">${card.monthly}</p>`);
      }
    },
  );

  it('sk shows no monthly price (the market does not finance on its cards)', async () => {
    const m = market('sk');
    const list = cards((await get(m.devHostname, m.paths.carList)).text);
    expect(list).toHaveLength(48);
    expect(list.filter((card) => card.monthly)).toEqual([]);
  });

  it('uk: each card shows its representative quote’s payment with the representative example, quoted once per car and price', async () => {
    const m = market('uk');
    const before = sandbox.upstreamCalls('codeweaver');
    const html = (await get(m.devHostname, m.paths.carList)).text;
    const quotedNow = sandbox.upstreamCalls('codeweaver') - before;
    const list = cards(html);
    const cars = islandCars(html);
    expect(list).toHaveLength(48);
    const priced = list.filter((card) => card.monthly);
    expect(priced.length).toBeGreaterThan(40);
    expect(quotedNow).toBeLessThanOrEqual(48);
    expect(priced[0]!.monthly).toMatch(/^£[\d,]+(\.\d\d)?\/month$/);
    // The example beside every payment, with the figures the UK rules ask for.
    const examples = text(html).match(/<p class="car-card__example">.*?<\/p>/g) ?? [];
    expect(examples).toHaveLength(priced.length);
    expect(examples[0]).toMatch(
      /Representative example:<\/span> Representative APR [\d.]+%, Term \d+ months, Deposit £/,
    );
    expect(examples[0]).toContain('Total amount payable £');
    // The quote's payment is the one the index carries, which the monthly budget filter ranges over.
    for (const car of cars.filter((c) => c.quote).slice(0, 10)) expect(car.quote!.payment).toBe(car.monthlyPayment);

    // The island asks for the same cards' quotes: kept, so the finance service is not asked again.
    const again = sandbox.upstreamCalls('codeweaver');
    const res = await request(bff.app)
      .post('/api/codeweaver/card-quotes')
      .set('Host', m.devHostname)
      .send({ cars: cars.map(({ id, price }) => ({ id, price })) });
    expect(res.status).toBe(200);
    expect(sandbox.upstreamCalls('codeweaver')).toBe(again);
    expect(Object.keys(res.body.quotes as object).sort()).toEqual(
      cars
        .filter((c) => c.quote)
        .map((c) => c.id)
        .sort(),
    );
    // A price the card no longer shows gets no quote.
    const stale = await request(bff.app)
      .post('/api/codeweaver/card-quotes')
      .set('Host', m.devHostname)
      .send({ cars: [{ id: cars[0]!.id, price: cars[0]!.price + 1 }] });
    expect(stale.body).toEqual({ quotes: {} });
    expect(
      (await request(bff.app).post('/api/codeweaver/card-quotes').set('Host', 'se.localhost').send({ cars: [] }))
        .status,
    ).toBe(404);
  });
});

describe('the monthly budget filter', () => {
  it('se: narrows the list to cars within the budget, from the URL, with its chip, and the same again on reload', async () => {
    const m = market('se');
    const whole = islandProps((await get(m.devHostname, m.paths.carList)).text).results.total;
    const path = `${m.paths.carList}?car_monthly_payment=2000-4000`;
    const first = await get(m.devHostname, path);
    const props = islandProps(first.text);
    expect(props.state.ranges).toEqual({ car_monthly_payment: [2000, 4000] });
    expect(props.results.total).toBeGreaterThan(0);
    expect(props.results.total).toBeLessThan(whole);
    for (const car of props.results.cars) expect(car.monthlyPayment).toBeGreaterThanOrEqual(2000);
    for (const car of props.results.cars) expect(car.monthlyPayment).toBeLessThanOrEqual(4000);
    const page = text(first.text);
    for (const card of cards(first.text)) expect(card.monthly).toMatch(/^[234] \d{3} kr\/mån$/);
    expect(page).toContain('aria-label="Ta bort filter: Månadskostnad: 2 000 kr – 4 000 kr"');
    expect(page).toContain('class="facet__name"');
    expect(page).toMatch(/<summary class="facet__name"[^>]*>Månadskostnad</);
    // A reload asks the same URL: the same cars, from the search cache.
    const again = islandProps((await get(m.devHostname, path)).text);
    expect(again.results.cars.map((c) => c.id)).toEqual(props.results.cars.map((c) => c.id));
    // The plain form (no JavaScript) sends the budget's two ends; an open end is open.
    const plain = islandProps((await get(m.devHostname, `${m.paths.carList}?car_monthly_payment_max=3000`)).text);
    expect(plain.results.cars.every((car) => car.monthlyPayment !== null && car.monthlyPayment <= 3000)).toBe(true);
  });

  it('uk: a monthly budget in pounds narrows the cards to quotes within it', async () => {
    const m = market('uk');
    const html = (await get(m.devHostname, `${m.paths.carList}?car_monthly_payment=200-300`)).text;
    const { results } = islandProps(html);
    expect(results.total).toBeGreaterThan(0);
    for (const car of results.cars) {
      expect(car.monthlyPayment).toBeGreaterThanOrEqual(200);
      expect(car.monthlyPayment).toBeLessThanOrEqual(300);
    }
    expect(text(html)).toContain('Remove filter: Monthly budget: £200 – £300');
  });

  it('sk: has no monthly budget in its panel', async () => {
    const m = market('sk');
    const html = text((await get(m.devHostname, m.paths.carList)).text);
    expect(html).toMatch(/<summary class="facet__name"[^>]*>Cena</);
    expect(/<summary class="facet__name"[^>]*>Mesačná splátka/.test(html)).toBe(false);
  });
});

/** Each card's distance as shown ('12 km', '7 miles'), in page order. */
const distances = (html: string) =>
  [
    ...text(html).matchAll(/<p class="car-card__distance"><span class="visually-hidden">[^<]*<\/span>([^<]+)<\/p>/g),
  ].map((m) => m[1]!);
const figure = (shown: string) => Number(shown.replace(/[^\d]/g, ''));

describe('nearest first', () => {
  it('se: a typed postcode orders the cards by the distance each one shows, and the page is nobody else’s', async () => {
    const m = market('se');
    // With the page cache on, as in production: a postcode's page is never kept.
    const cached = (await startTestStack({ bff: 'app', sandbox, env: { PAGE_CACHE: 'true' } })).bff;
    const res = await request(cached.app)
      .get(`${m.paths.carList}?sortName=distance_asc&postcode=413+01`)
      .set('Host', m.devHostname);
    await cached.close();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-cache']).toBe('bypass');
    const shown = distances(res.text);
    expect(shown).toHaveLength(48);
    expect(shown[0]).toMatch(/^\d+ km$/);
    const km = shown.map(figure);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    // Göteborg's cars first, the next town's after them.
    expect(km[0]).toBeLessThan(20);
    const props = islandProps(res.text) as ListProps & { state: { near?: object; nearName?: string } };
    expect(props.state).toMatchObject({
      sortName: 'distance_asc',
      near: { lat: 57.7, lng: 11.95 },
      nearName: 'Göteborg',
    });
    expect(res.text).not.toContain('413 01');
    expect(text(res.text)).toContain('Nära Göteborg');
  });

  it('se: the rounded place in the URL (what the island puts there) is the same list, kept for everyone in its cell', async () => {
    const m = market('se');
    const path = `${m.paths.carList}?sortName=distance_asc&near=57.7,11.95&nearName=G%C3%B6teborg`;
    const first = await get(m.devHostname, path);
    expect(first.status).toBe(200);
    const again = await get(m.devHostname, path);
    expect(distances(again.text)).toEqual(distances(first.text));
    // A finer position in a URL is rounded to its cell before it is searched or shown again.
    const finer = islandProps(
      (await get(m.devHostname, `${m.paths.carList}?sortName=distance_asc&near=57.7089,11.9746`)).text,
    );
    expect(finer.state).toMatchObject({ near: { lat: 57.7, lng: 11.95 } });
  });

  it('uk: distances in miles from a postcode the island sends in a body', async () => {
    const m = market('uk');
    const place = await request(bff.app)
      .post('/api/places/postcode')
      .set('Host', m.devHostname)
      .send({ postcode: 'CV3 0CL' });
    expect(place.status).toBe(200);
    expect(place.body).toEqual({ name: 'Coventry', lat: 52.4, lng: -1.5 });
    const html = (await get(m.devHostname, `${m.paths.carList}?sortName=distance_asc&near=52.4,-1.5&nearName=Coventry`))
      .text;
    const shown = distances(html);
    expect(shown[0]).toMatch(/^\d+ miles?$/);
    const miles = shown.map(figure);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    const unknown = await request(bff.app)
      .post('/api/places/postcode')
      .set('Host', m.devHostname)
      .send({ postcode: 'ZZ9 9ZZ' });
    expect(unknown.status).toBe(404);
  });

  it('without a place, nearest first asks for one and keeps the list as it was', async () => {
    const m = market('se');
    const html = text((await get(m.devHostname, `${m.paths.carList}?sortName=distance_asc`)).text);
    expect(distances(html)).toEqual([]);
    expect(html).toContain(translator('sv')('carList.nearestNeedsPlace'));
    const unknown = text((await get(m.devHostname, `${m.paths.carList}?sortName=distance_asc&postcode=99999`)).text);
    expect(unknown).toContain('Vi hittar inte postnumret 99999.');
  });
});

describe('share a car', () => {
  it.each([
    ['se', 'Dela', 'Länken är kopierad'],
    ['fi', 'Jaa', 'Linkki on kopioitu'],
    ['uk', 'Share', 'Link copied'],
  ] as const)(
    '%s: the car page has %s for its canonical link, and its confirmation for the live region',
    async (id, label, copied) => {
      const m = market(id);
      const href = cards((await get(m.devHostname, m.paths.carList)).text)[0]!.href;
      const page = text((await get(m.devHostname, href)).text);
      expect(page).toContain(
        `<button type="button" class="car-detail__share-button" data-share-any="" data-url="http://${m.devHostname}${href}" hidden="">${label}</button>`,
      );
      expect(page).toMatch(new RegExp(`role="status" data-share-status="" data-copied="${copied}"`));
    },
  );
});
