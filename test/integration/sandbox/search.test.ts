import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import {
  CarSearchResponseSchema,
  SiteSearchResponseSchema,
  KitSearchResponseSchema,
  SearchResponseSchema,
  type SearchFacet,
  type SearchRequest,
} from '../../../contracts/upstream/search.js';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox(0);
});
afterAll(() => sandbox.close());

async function search(body: SearchRequest | Record<string, unknown>) {
  const response = await fetch(`${sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function searchOk(body: SearchRequest) {
  const { status, body: answer } = await search(body);
  expect(status).toBe(200);
  return SearchResponseSchema.parse(answer);
}

function termCounts(facets: SearchFacet[], name: string): Map<string, number> {
  const facet = facets.find((f) => f.name === name);
  if (facet?.type !== 'term') throw new Error(`no term facet ${name}`);
  return new Map(facet.values.map((v) => [String(v.value), v.count]));
}

describe('sandbox search service', () => {
  it('answers every index with documents that match the shared schemas', async () => {
    const cars = CarSearchResponseSchema.parse((await search({ index: 'cars-uk', limit: 5 })).body);
    expect(cars.content).toHaveLength(5);
    expect(cars.content[0]!.car_currency).toBe('GBP');
    expect(cars.content[0]!.car_primary_image).toMatch(
      new RegExp(`^${sandbox.url}/media/cars/\\d+/1\\.jpg\\?v=[0-9a-f]{10}$`),
    );
    const sites = SiteSearchResponseSchema.parse((await search({ index: 'sites-se', limit: 100 })).body);
    expect(sites.total_items).toBeGreaterThanOrEqual(10);
    for (const site of sites.content)
      expect(site.site_departments.map((d) => d.group)).toEqual(expect.arrayContaining(['Workshop', 'Tires']));
    const kits = KitSearchResponseSchema.parse((await search({ index: 'kits-fi', limit: 3 })).body);
    expect(kits.content[0]!.currency).toBe('EUR');
  });

  it('holds at least 5,000 cars across the markets and 60 sites', async () => {
    let cars = 0;
    let sites = 0;
    for (const market of ['fi', 'no', 'se', 'se-used', 'sk', 'uk'] as const) {
      cars += (await searchOk({ index: `cars-${market}`, limit: 0 })).total_items;
      sites += (await searchOk({ index: `sites-${market}`, limit: 0 })).total_items;
    }
    expect(cars).toBeGreaterThanOrEqual(5000);
    expect(sites).toBeGreaterThanOrEqual(60);
  });

  it('counts facets disjunctively: a facet ignores its own filter but not the others', async () => {
    const all = await searchOk({ index: 'cars-se', facets: ['car_brand', 'car_fuel'], limit: 0 });
    const brands = termCounts(all.facet, 'car_brand');
    const filtered = await searchOk({
      index: 'cars-se',
      facets: ['car_brand', 'car_fuel'],
      filters: [
        { field: 'car_brand', values: ['Volvo', 'BMW'] },
        { field: 'car_fuel', values: ['El'] },
      ],
      limit: 0,
    });
    // Brand counts are those of electric cars of every brand (the brand filter does not narrow its own facet).
    const electric = await searchOk({
      index: 'cars-se',
      facets: ['car_brand'],
      filters: [{ field: 'car_fuel', values: ['El'] }],
      limit: 0,
    });
    expect(termCounts(filtered.facet, 'car_brand')).toEqual(termCounts(electric.facet, 'car_brand'));
    // Fuel counts are those of Volvo + BMW cars (OR within the brand facet).
    const volvoOrBmw = await searchOk({
      index: 'cars-se',
      facets: ['car_fuel'],
      filters: [{ field: 'car_brand', values: ['Volvo', 'BMW'] }],
      limit: 0,
    });
    expect(volvoOrBmw.total_items).toBe(brands.get('Volvo')! + brands.get('BMW')!);
    expect(termCounts(filtered.facet, 'car_fuel')).toEqual(termCounts(volvoOrBmw.facet, 'car_fuel'));
    // The result itself is AND across facets.
    expect(filtered.total_items).toBe(termCounts(filtered.facet, 'car_fuel').get('El'));
  });

  it('applies range filters inclusively and answers range facets with min and max', async () => {
    const answer = CarSearchResponseSchema.parse(
      (
        await search({
          index: 'cars-se',
          filters: [{ field: 'car_price', values: [200_000, 300_000] }],
          facets: ['car_price', 'car_mileage'],
          limit: 100,
        })
      ).body,
    );
    expect(answer.total_items).toBeGreaterThan(0);
    for (const car of answer.content) expect(car.car_price).toBeGreaterThanOrEqual(200_000);
    for (const car of answer.content) expect(car.car_price).toBeLessThanOrEqual(300_000);
    const price = answer.facet.find((f) => f.name === 'car_price');
    // The price facet ignores the price filter, so the slider keeps its full extent.
    expect(price).toMatchObject({ type: 'range' });
    expect(price?.type === 'range' && price.min! < 200_000 && price.max! > 300_000).toBe(true);
    const mileage = answer.facet.find((f) => f.name === 'car_mileage');
    expect(mileage?.type === 'range' && mileage.max! >= Math.max(...answer.content.map((c) => c.car_mileage))).toBe(
      true,
    );
  });

  it('keeps the order of a car_id filter', async () => {
    const ids = (await searchOk({ index: 'cars-no', fields: ['car_id'], limit: 6 })).content.map((c) =>
      String(c.car_id),
    );
    const wanted = [ids[4]!, ids[0]!, 'not-a-car', ids[2]!, ids[5]!];
    const answer = await searchOk({
      index: 'cars-no',
      fields: ['car_id'],
      filters: [{ field: 'car_id', values: wanted }],
      limit: 100,
    });
    expect(answer.content.map((c) => c.car_id)).toEqual([ids[4], ids[0], ids[2], ids[5]]);
  });

  it('matches keyphrases across brand, model, description and equipment with diacritics folded', async () => {
    const skoda = await searchOk({ index: 'cars-sk', keyphrase: 'skoda', fields: ['car_brand'], limit: 100 });
    expect(skoda.total_items).toBeGreaterThan(0);
    expect(new Set(skoda.content.map((c) => c.car_brand))).toEqual(new Set(['Škoda']));
    expect((await searchOk({ index: 'cars-sk', keyphrase: 'ŠKODA', limit: 0 })).total_items).toBe(skoda.total_items);
    // Swedish equipment without its diacritics: 'Motorvärmare'.
    const heater = CarSearchResponseSchema.parse(
      (await search({ index: 'cars-se', keyphrase: 'motorvarmare', limit: 100 })).body,
    );
    expect(heater.total_items).toBeGreaterThan(0);
    for (const car of heater.content) expect(car.car_equipment).toContain('Motorvärmare');
    // Norwegian ø folds to o: 'Sølv' found as 'solv' in the description.
    expect((await searchOk({ index: 'cars-no', keyphrase: 'sølv', limit: 0 })).total_items).toBe(
      (await searchOk({ index: 'cars-no', keyphrase: 'solv', limit: 0 })).total_items,
    );
    expect((await searchOk({ index: 'cars-fi', keyphrase: 'volvo xc60', limit: 0 })).total_items).toBeGreaterThan(0);
    expect((await searchOk({ index: 'cars-fi', keyphrase: 'volvo zzzqx', limit: 0 })).total_items).toBe(0);
  });

  it.each([
    ['price_asc', 'car_price', 1],
    ['price_desc', 'car_price', -1],
    ['year_asc', 'car_year', 1],
    ['year_desc', 'car_year', -1],
    ['mileage_asc', 'car_mileage', 1],
    ['mileage_desc', 'car_mileage', -1],
    ['newest', 'car_published_at', -1],
    ['oldest', 'car_published_at', 1],
  ] as const)('sorts by %s', async (sortName, field, direction) => {
    const values = (await searchOk({ index: 'cars-se', sort_name: sortName, fields: [field], limit: 100 })).content.map(
      (c) => c[field] as number | string,
    );
    const sorted = [...values].sort((a, b) => (a < b ? -direction : a > b ? direction : 0));
    expect(values).toEqual(sorted);
  });

  it('pages with limit and offset, defaulting to 24', async () => {
    expect((await searchOk({ index: 'cars-fi' })).content).toHaveLength(24);
    const firstPage = await searchOk({ index: 'cars-fi', sort_name: 'price_asc', fields: ['car_id'], limit: 10 });
    const secondPage = await searchOk({
      index: 'cars-fi',
      sort_name: 'price_asc',
      fields: ['car_id'],
      limit: 5,
      offset: 5,
    });
    expect(secondPage.content).toEqual(firstPage.content.slice(5, 10));
    expect(firstPage.total_items).toBe(secondPage.total_items);
    expect(Object.keys(firstPage.content[0]!)).toEqual(['car_id']);
  });

  it.each([
    ['an unknown index', { index: 'cars-de' }],
    ['a limit above 100', { index: 'cars-se', limit: 101 }],
    ['a range filter with one value', { index: 'cars-se', filters: [{ field: 'car_price', values: [100] }] }],
    ['a range filter with min above max', { index: 'cars-se', filters: [{ field: 'car_year', values: [2024, 2020] }] }],
    ['an unknown filter field', { index: 'cars-se', filters: [{ field: 'car_secret', values: ['x'] }] }],
    ['an unknown facet', { index: 'sites-se', facets: ['car_brand'] }],
    ['a sort that does not apply', { index: 'sites-se', sort_name: 'mileage_asc' }],
    ['an unknown field', { index: 'kits-se', fields: ['car_id'] }],
  ])('answers 400 with a message for %s', async (_name, body) => {
    const { status, body: answer } = await search(body);
    expect(status).toBe(400);
    expect(answer).toEqual({ message: expect.any(String) });
  });

  it('filters sites by a nested department field', async () => {
    const answer = SiteSearchResponseSchema.parse(
      (
        await search({
          index: 'sites-fi',
          filters: [{ field: 'site_departments.group', values: ['Workshop'] }],
          facets: ['site_departments.group'],
          limit: 100,
        })
      ).body,
    );
    for (const site of answer.content) expect(site.site_departments.some((d) => d.group === 'Workshop')).toBe(true);
    expect(termCounts(answer.facet, 'site_departments.group').get('Sales')).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed gives the same first car', async () => {
    const other = await startSandbox(0);
    try {
      const body: SearchRequest = {
        index: 'cars-se',
        limit: 1,
        fields: ['car_id', 'car_brand', 'car_model', 'car_price', 'car_description'],
      };
      const mine = await searchOk(body);
      const theirs = await fetch(`${other.url}/search/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(await theirs.json()).toEqual(mine);
    } finally {
      await other.close();
    }
  });
});
