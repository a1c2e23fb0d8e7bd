import { ApiSearchBodySchema } from '../../server/api/searchRoutes.js';
import {
  carListHref,
  carListQuery,
  carListFetchBodies,
  carListSearchBodies,
  carListSearchBody,
  EMPTY_STATE,
  keptQuery,
  parseCarListState,
  RANGE_OPEN_MAX,
  toggleTerm,
  withKeyphrase,
  withoutFilters,
  withPage,
  withRange,
  withSort,
  type CarListState,
} from '../../client/shared/carList/carListUrlState.js';

const parse = (query: string) => parseCarListState(new URLSearchParams(query));
const roundTrip = (state: CarListState) => parse(carListQuery(state));

const busy: CarListState = {
  keyphrase: 'dragkrok & panorama',
  sortName: 'price_asc',
  page: 3,
  terms: {
    car_brand: ['Volvo', 'Škoda', 'Mercedes-Benz'],
    car_fuel: ['El'],
    car_site_name: ['Hedin Bil Malmö, Jägersro'],
  },
  ranges: { car_price: [100_000, 300_000], car_year: [2019, 2024], car_mileage: [0, 5_000.5] },
};

describe('car list URL state', () => {
  it.each([
    ['nothing chosen', EMPTY_STATE],
    ['every kind of filter, odd characters and a later page', busy],
    ['a range of one value', { ...EMPTY_STATE, ranges: { car_power: [150, 150] } } as CarListState],
    ['the last page allowed', withPage(EMPTY_STATE, 19)],
  ])('parsing the URL a state makes gives the same state back: %s', (_name, state) => {
    expect(roundTrip(state)).toEqual(state);
  });

  it('writes a readable query: repeated terms, min-max ranges, page last, nothing for defaults', () => {
    const query = carListQuery({
      ...EMPTY_STATE,
      sortName: 'year_desc',
      terms: { car_brand: ['Volvo', 'BMW'] },
      ranges: { car_price: [100000, 250000] },
      page: 2,
    });
    expect(query).toBe('?sortName=year_desc&car_brand=Volvo&car_brand=BMW&car_price=100000-250000&page=2');
    expect(carListQuery(EMPTY_STATE)).toBe('');
    expect(carListQuery(withSort(EMPTY_STATE, 'relevance'))).toBe('');
  });

  it('reads the links other parts of the site make (footer brand logos, teaser links)', () => {
    expect(parse('car_brand=Volvo').terms).toEqual({ car_brand: ['Volvo'] });
    expect(parse('car_fuel=Electric&keyphrase=x').terms).toEqual({ car_fuel: ['Electric'] });
  });

  it('keeps parameters that are not the list’s, and drops them from nothing else', () => {
    const keep = new URLSearchParams('preview=token&car_brand=Audi&utm_source=mail');
    expect(carListHref('/kop-bil', toggleTerm(EMPTY_STATE, 'car_brand', 'Kia'), keep)).toBe(
      '/kop-bil?car_brand=Kia&preview=token&utm_source=mail',
    );
  });

  it('reads the plain HTML form: both ends of a range, an open end, or none', () => {
    expect(parse('car_price_min=100000&car_price_max=200000').ranges).toEqual({ car_price: [100000, 200000] });
    expect(parse('car_price_min=100000&car_price_max=').ranges).toEqual({ car_price: [100000, RANGE_OPEN_MAX] });
    expect(parse('car_price_min=&car_price_max=').ranges).toEqual({});
    expect(parse('car_price_min=300000&car_price_max=100000').ranges).toEqual({ car_price: [100000, 300000] });
  });

  it('ignores what it cannot use instead of failing: bad sorts, pages, ranges and unknown fields', () => {
    const state = parse('sortName=cheapest&page=-1&car_price=abc&car_price_min=x&car_secret=1&car_year=2024');
    expect(state).toEqual({ ...EMPTY_STATE, terms: {}, ranges: {} });
    expect(parse('page=99').page).toBe(19);
    expect(parse('car_year=2018-2016').ranges).toEqual({ car_year: [2016, 2018] });
  });

  it('starts again at page 0 on every filter, keyphrase or sort change, but not on load-more', () => {
    const deep = withPage(busy, 5);
    expect(toggleTerm(deep, 'car_brand', 'Kia').page).toBe(0);
    expect(withRange(deep, 'car_price', [1, 2]).page).toBe(0);
    expect(withRange(deep, 'car_price', null).page).toBe(0);
    expect(withKeyphrase(deep, 'xc60').page).toBe(0);
    expect(withSort(deep, 'newest').page).toBe(0);
    expect(withoutFilters(deep).page).toBe(0);
    expect(withPage(deep, 6).page).toBe(6);
  });

  it('toggles a term value on and off, removing the field when it is empty', () => {
    const on = toggleTerm(EMPTY_STATE, 'car_brand', 'Volvo');
    expect(on.terms).toEqual({ car_brand: ['Volvo'] });
    expect(toggleTerm(on, 'car_brand', 'Volvo').terms).toEqual({});
  });

  it('clear all removes every facet filter and keeps the keyphrase and sort', () => {
    expect(withoutFilters(busy)).toEqual({ ...busy, terms: {}, ranges: {}, page: 0 });
  });

  it('asks for 48 cars a page at offset 48 × page, and the server and island ask the same', () => {
    const bodies = carListSearchBodies(withPage(busy, 2));
    expect(bodies.map((b) => [b.limit, b.offset])).toEqual([
      [48, 0],
      [48, 48],
      [48, 96],
    ]);
    expect(bodies[1]).toEqual(carListSearchBody(withPage(busy, 2), 1));
    expect(bodies[0]!.filters).toEqual([
      { field: 'car_brand', values: ['Volvo', 'Škoda', 'Mercedes-Benz'] },
      { field: 'car_fuel', values: ['El'] },
      { field: 'car_site_name', values: ['Hedin Bil Malmö, Jägersro'] },
      { field: 'car_price', values: [100000, 300000] },
      { field: 'car_mileage', values: [0, 5000.5] },
      { field: 'car_year', values: [2019, 2024] },
    ]);
  });

  it('every page of the deepest state is a body /api/search accepts', () => {
    for (const body of carListSearchBodies(withPage(busy, 19)))
      expect(ApiSearchBodySchema.safeParse(body).success).toBe(true);
    expect(ApiSearchBodySchema.safeParse(carListSearchBody(EMPTY_STATE, 0)).success).toBe(true);
  });
});

describe('what a URL can make the car list carry', () => {
  it('keeps at most 30 chosen values in all, in facet order', () => {
    const query = ['car_brand', 'car_model']
      .flatMap((field) => Array.from({ length: 20 }, (_, i) => `${field}=${field}${i}`))
      .join('&');
    const { terms } = parse(query);
    expect(terms.car_brand).toHaveLength(20);
    expect(terms.car_model).toEqual(Array.from({ length: 10 }, (_, i) => `car_model${i}`));
  });

  it('carries campaign tags along, but not past 512 characters of them', () => {
    expect(keptQuery(new URLSearchParams('utm_source=mail&car_brand=Volvo&utm_campaign=vinter'))).toBe(
      'utm_source=mail&utm_campaign=vinter',
    );
    expect(keptQuery(new URLSearchParams(`utm_source=mail&brand=${'x'.repeat(600)}&utm_medium=x`))).toBe(
      'utm_source=mail&utm_medium=x',
    );
  });
});

describe('the searches of a deep list', () => {
  it('are few in the island: page 0 as the server searched it, then two pages a request, a lone last page as load-more asks for it', () => {
    const deep = withPage(busy, 19);
    const earlier = carListFetchBodies(deep, [], 0, 18);
    expect(earlier.map((b) => [b.offset, b.limit])).toEqual([
      [0, 48],
      ...Array.from({ length: 9 }, (_, i) => [48 + 96 * i, 96]),
    ]);
    expect(earlier[0]).toEqual(carListSearchBody(deep, 0));
    expect(carListFetchBodies(withPage(busy, 4), [], 0, 3).at(-1)).toEqual(carListSearchBody(withPage(busy, 4), 3));
    expect(carListFetchBodies(withPage(busy, 5), [], 5, 5)).toEqual([carListSearchBody(withPage(busy, 5), 5)]);
    for (const body of carListFetchBodies(deep)) expect(ApiSearchBodySchema.safeParse(body).success).toBe(true);
  });

  it('ask the search service for facets once, on the first page: the panel shows only those', () => {
    const bodies = carListSearchBodies(withPage(EMPTY_STATE, 19));
    expect(bodies).toHaveLength(20);
    expect(bodies[0]!.facets?.length).toBeGreaterThan(0);
    expect(bodies.slice(1).every((body) => body.facets === undefined)).toBe(true);
  });
});
