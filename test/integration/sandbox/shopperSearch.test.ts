import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import {
  CarSchema,
  searchResponseOf,
  SearchResponseSchema,
  SiteSearchResponseSchema,
  type SearchRequest,
} from '../../../contracts/upstream/search.js';
import { greatCircleKm } from '../../../contracts/upstream/searchWords.js';
import { DefaultQuoteResponse } from '../../../contracts/upstream/codeweaver.js';
import { PostcodePlace } from '../../../contracts/upstream/maps.js';

// What the car list's monthly price, budget filter, 'nearest first' and saved searches need of the search and
// maps services (issue 53), and the sandbox's way to put a car up for sale.
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox(0);
});
afterAll(() => sandbox.close());

async function post(path: string, body: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
async function cars(body: SearchRequest) {
  const { status, body: answer } = await post('/search/query', body);
  expect(status).toBe(200);
  return ProjectedCars.parse(answer);
}
/** Cars with the fields asked for. */
const ProjectedCars = searchResponseOf(CarSchema.partial());
const searchAnswer = async (body: SearchRequest) =>
  SearchResponseSchema.parse((await post('/search/query', body)).body);

describe('monthly payment in the car index', () => {
  it("is the private loan offer's payment on the finance-offer markets, filterable and faceted as a range", async () => {
    const all = await cars({ index: 'cars-se', limit: 100 });
    for (const car of all.content) {
      const privateLoan = car.car_loan_options!.find((option) => option.type === 'Private');
      expect(car.car_monthly_payment).toBe(privateLoan?.monthly_payment ?? null);
    }
    const facet = (await searchAnswer({ index: 'cars-se', limit: 0, facets: ['car_monthly_payment'] })).facet[0];
    expect(facet).toEqual({
      name: 'car_monthly_payment',
      type: 'range',
      min: expect.any(Number),
      max: expect.any(Number),
    });
    const budget = await cars({
      index: 'cars-se',
      limit: 100,
      fields: ['car_monthly_payment'],
      filters: [{ field: 'car_monthly_payment', values: [3000, 5000] }],
    });
    expect(budget.total_items).toBeGreaterThan(0);
    expect(budget.total_items).toBeLessThan(all.total_items);
    for (const car of budget.content) {
      expect(car.car_monthly_payment).toBeGreaterThanOrEqual(3000);
      expect(car.car_monthly_payment).toBeLessThanOrEqual(5000);
    }
  });

  it("is on the UK the finance service's first default quote for the car, as the car page asks it", async () => {
    const uk = await cars({
      index: 'cars-uk',
      limit: 5,
      filters: [{ field: 'car_condition', values: ['Used'] }],
    });
    for (const car of uk.content) {
      const { body } = await post('/codeweaver/default', {
        Vehicle: {
          RegNo: car.car_registration_number!.replace(/\s/g, ''),
          CashPrice: car.car_price,
          IsNew: car.car_is_new,
          CurrentMileage: Math.round(car.car_mileage! / 1.609344),
          RegistrationDate: car.car_first_registration,
        },
      });
      const first = DefaultQuoteResponse.parse(body).Quotes[0]!;
      expect(first.FamilyKey).toBe('PCP');
      expect(car.car_monthly_payment).toBe(first.Payment);
    }
  });
});

describe('nearest first', () => {
  it('places every car at its site and orders by the distance from the origin, ties in id order', async () => {
    const sites = SiteSearchResponseSchema.parse(
      (await post('/search/query', { index: 'sites-se', limit: 100 })).body,
    ).content;
    const origin = { lat: 55.6, lng: 13.0 }; // Malmö
    const near = await cars({
      index: 'cars-se',
      limit: 100,
      sort_name: 'distance_asc',
      origin,
      fields: ['car_id', 'car_site_id', 'car_geocoord'],
    });
    expect(near.total_items).toBe(1500);
    const distances = near.content.map((car) => {
      const site = sites.find((s) => s.site_id === car.car_site_id)!;
      expect(car.car_geocoord).toEqual(site.site_geocoord);
      return greatCircleKm(origin, car.car_geocoord!);
    });
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(15);
  });

  it('answers 400 for a distance sort without an origin', async () => {
    const { status, body } = await post('/search/query', { index: 'cars-se', sort_name: 'distance_asc' });
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.stringContaining('origin') });
  });
});

describe('publishing a car', () => {
  it('puts a copy of a car up for sale under a new id, published now, found by a date filter from then on', async () => {
    const [template] = (await cars({ index: 'cars-uk', limit: 1, sort_name: 'price_asc' })).content;
    const before = new Date().toISOString();
    const since = [{ field: 'car_published_at', values: [before, '2999-12-31T00:00:00Z'] }];
    expect((await cars({ index: 'cars-uk', limit: 0, filters: since })).total_items).toBe(0);

    const { status, body } = await post('/__sandbox/cars', { market: 'uk', like: template!.car_id });
    expect(status).toBe(201);
    const published = body as { car_id: string; car_published_at: string };
    expect(Number(published.car_id)).toBeGreaterThan(600_000);
    expect(published.car_published_at >= before).toBe(true);

    const found = await cars({ index: 'cars-uk', limit: 5, filters: since });
    expect(found.content.map((car) => car.car_id)).toEqual([published.car_id]);
    expect(found.content[0]!.car_brand).toBe(template!.car_brand);
    expect((await cars({ index: 'cars-uk', limit: 1, sort_name: 'newest' })).content[0]!.car_id).toBe(published.car_id);
    expect((await post('/__sandbox/cars', { market: 'uk', like: '100001' })).status).toBe(404);
    expect((await post('/__sandbox/cars', { market: 'de' })).status).toBe(400);
  });

  it('answers 400 for a date filter that is not two timestamps', async () => {
    const { status } = await post('/search/query', {
      index: 'cars-se',
      filters: [{ field: 'car_published_at', values: [1, 2] }],
    });
    expect(status).toBe(400);
  });
});

describe('the place of a postcode', () => {
  const place = (query: string) => fetch(`${sandbox.url}/maps/geocode/postcode?${query}`);

  it.each([
    ['country=se&postcode=11427', { postcode: '114 27', name: 'Stockholm' }],
    ['country=se&postcode=211%2045', { postcode: '211 45', name: 'Malmö' }],
    ['country=gb&postcode=cv30cl', { postcode: 'CV3 0CL', name: 'Coventry' }],
    ['country=gb&postcode=LS1', { postcode: 'LS1', name: 'Leeds' }],
    ['country=no&postcode=5003', { postcode: '5003', name: 'Bergen' }],
    ['country=fi&postcode=00100', { postcode: '00100', name: 'Helsinki' }],
    ['country=sk&postcode=82101', { postcode: '821 01', name: 'Bratislava' }],
  ])('finds %s', async (query, expected) => {
    const response = await place(query);
    expect(response.status).toBe(200);
    expect(PostcodePlace.parse(await response.json())).toMatchObject(expected);
  });

  it('answers 404 for a postcode of no known town and 400 for one of another shape', async () => {
    expect((await place('country=gb&postcode=ZE1%200AA')).status).toBe(404);
    expect((await place('country=se&postcode=1234')).status).toBe(404);
    expect((await place('country=se&postcode=%3Cscript%3E')).status).toBe(400);
    expect((await place('country=de&postcode=10115')).status).toBe(400);
  });
});
