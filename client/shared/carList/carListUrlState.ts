import type { SearchFilter } from '../../../contracts/upstream/search.js';
import { CAR_SUMMARY_FIELDS } from '../cars/carSummary.js';
import {
  CAR_LIST_MAX_PAGES,
  CAR_LIST_PAGE_SIZE,
  CAR_SORTS,
  DISTANCE_FIELDS,
  RANGE_FACETS,
  TERM_FACETS,
  URL_RANGE_FIELDS,
  URL_TERM_FIELDS,
  type CarSortName,
  type UrlRangeField,
  type UrlTermField,
} from './carListConfig.js';
import { rangeFilterOf, type Range } from './rangeRules.js';
import { kmFromUnit, type CarFormat } from '../cars/formatCar.js';
import { pageRequests } from '../lists/pageRequests.js';
import { nearText, parseNear, type GeoPoint } from '../geo/roundedPlace.js';

/**
 * The car list's whole state, which is its URL: `?keyphrase=volvo&sortName=price_asc&car_brand=Volvo
 * &car_brand=BMW&car_price=100000-300000&page=2`. Term filters repeat their parameter; a range is
 * `min-max`. The plain HTML form (no JavaScript) sends a range as `car_price_min` / `car_price_max`;
 * those parse too, and an empty side is open. Anything else in the query is not the list's and is kept.
 */
export interface CarListState {
  keyphrase: string;
  /** null: the default order (relevance). */
  sortName: CarSortName | null;
  /** Pages 0..page are shown (load-more survives reload and Back). */
  page: number;
  terms: Partial<Record<UrlTermField, string[]>>;
  ranges: Partial<Record<UrlRangeField, Range>>;
  /**
   * Where 'nearest first' measures from: a postcode's place or the browser's position, rounded to the 0.05° grid
   * (client/shared/geo/roundedPlace.ts) before it is kept anywhere. In the URL (`near=59.35,18.05`) only while
   * the list is sorted by distance.
   */
  near?: GeoPoint;
  /** The town of a postcode's place ('Stockholm'); none for the browser's position. */
  nearName?: string;
}

/** An open side of a range sent by the plain form: the lowest / highest value any car can have. */
export const RANGE_OPEN_MIN = 0;
export const RANGE_OPEN_MAX = 999_999_999;

/**
 * Bounds on what a URL can make the list show. Every value link and chip carries the whole query, so a
 * page grows with the square of the chosen values: 350 values made a 4.7 MB page and three such
 * requests exhausted the heap. No shopper ticks more than a few dozen boxes.
 */
const MAX_KEYPHRASE = 200;
const MAX_NEAR_NAME = 60;
const MAX_TERM_VALUES = 30;
const MAX_TERM_VALUE_LENGTH = 100;
/** Other parameters (campaign tags) carried along on every link, in encoded characters; past it they are dropped. */
const MAX_KEPT_QUERY = 512;

export const EMPTY_STATE: CarListState = { keyphrase: '', sortName: null, page: 0, terms: {}, ranges: {} };

const NUMBER = /^\d+(\.\d+)?$/;
function parseRange(text: string | null): Range | undefined {
  const m = text === null ? null : /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return a <= b ? [a, b] : [b, a];
}
function parseFormRange(
  min: string | null,
  max: string | null,
  toIndexUnit: (n: number) => number = (n) => n,
): Range | undefined {
  const lo = min?.trim().replace(/\s/g, '') ?? '';
  const hi = max?.trim().replace(/\s/g, '') ?? '';
  if ((lo && !NUMBER.test(lo)) || (hi && !NUMBER.test(hi)) || (!lo && !hi)) return undefined;
  const a = lo ? toIndexUnit(Number(lo)) : RANGE_OPEN_MIN;
  const b = hi ? toIndexUnit(Number(hi)) : RANGE_OPEN_MAX;
  return a <= b ? [a, b] : [b, a];
}

/**
 * `distanceUnit`: the unit the plain form's mileage inputs are typed in (the market's); `car_mileage=min-max`
 * (and every other of `DISTANCE_FIELDS`) in a URL is always km, the search service's unit.
 */
export function parseCarListState(
  params: URLSearchParams,
  distanceUnit: CarFormat['mileageUnit'] = 'km',
): CarListState {
  const keyphrase = (params.get('keyphrase') ?? '').trim().slice(0, MAX_KEYPHRASE);
  const sort = params.get('sortName');
  const sortName =
    sort && sort !== 'relevance' && (CAR_SORTS as readonly string[]).includes(sort) ? (sort as CarSortName) : null;
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,3}$/.test(pageText) ? Math.min(Number(pageText), CAR_LIST_MAX_PAGES - 1) : 0;
  const terms: CarListState['terms'] = {};
  let room = MAX_TERM_VALUES; // in all fields together
  for (const field of URL_TERM_FIELDS) {
    const values = [
      ...new Set(
        params
          .getAll(field)
          .map((v) => v.trim())
          .filter((v) => v && v.length <= MAX_TERM_VALUE_LENGTH),
      ),
    ].slice(0, room);
    if (values.length > 0) terms[field] = values;
    room -= values.length;
  }
  const ranges: CarListState['ranges'] = {};
  for (const field of URL_RANGE_FIELDS) {
    const toKm = DISTANCE_FIELDS.has(field) ? (n: number) => kmFromUnit(n, distanceUnit) : undefined;
    const range =
      parseRange(params.get(field)) ?? parseFormRange(params.get(`${field}_min`), params.get(`${field}_max`), toKm);
    if (range) ranges[field] = range;
  }
  const near = parseNear(params.get('near'));
  const nearName = near ? (params.get('nearName') ?? '').trim().slice(0, MAX_NEAR_NAME) : '';
  return { keyphrase, sortName, page, terms, ranges, ...(near ? { near } : {}), ...(nearName ? { nearName } : {}) };
}

/** The names this state owns in a query (everything else is kept as it was: client/shared/lists/queryInPlace.ts). */
export function isCarListParam(name: string): boolean {
  if (name === 'keyphrase' || name === 'sortName' || name === 'page') return true;
  // A typed postcode is the list's too: the place it names replaces it, so it is never carried on.
  if (name === 'near' || name === 'nearName' || name === 'postcode') return true;
  if ((URL_TERM_FIELDS as readonly string[]).includes(name)) return true;
  return URL_RANGE_FIELDS.some((f) => name === f || name === `${f}_min` || name === `${f}_max`);
}

const formatNumber = (n: number) => String(n);

/** The query of a state, in a fixed readable order; `keep` supplies parameters that are not the list's. */
export function carListQuery(state: CarListState, keep?: URLSearchParams): string {
  const params = new URLSearchParams();
  if (state.keyphrase) params.append('keyphrase', state.keyphrase);
  if (state.sortName) params.append('sortName', state.sortName);
  if (state.sortName === 'distance_asc' && state.near) {
    params.append('near', nearText(state.near));
    if (state.nearName) params.append('nearName', state.nearName);
  }
  for (const field of URL_TERM_FIELDS) for (const value of state.terms[field] ?? []) params.append(field, value);
  for (const field of URL_RANGE_FIELDS) {
    const range = state.ranges[field];
    if (range) params.append(field, `${formatNumber(range[0])}-${formatNumber(range[1])}`);
  }
  if (state.page > 0) params.append('page', String(state.page));
  keep?.forEach((value, name) => {
    if (!isCarListParam(name)) params.append(name, value);
  });
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The parameters of a query that are not the list's, carried along on its links, as many as fit in MAX_KEPT_QUERY characters. */
export function keptQuery(query: URLSearchParams): string {
  const kept = new URLSearchParams();
  let length = 0;
  query.forEach((value, name) => {
    const encoded = new URLSearchParams([[name, value]]).toString().length + 1;
    if (isCarListParam(name) || length + encoded > MAX_KEPT_QUERY) return;
    length += encoded;
    kept.append(name, value);
  });
  return kept.toString();
}

export function carListHref(path: string, state: CarListState, keep?: URLSearchParams): string {
  return `${path}${carListQuery(state, keep)}`;
}

// ---- changes (every filter change starts again at page 0) ------------------------------------------------

export function toggleTerm(state: CarListState, field: UrlTermField, value: string): CarListState {
  const current = state.terms[field] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const terms = { ...state.terms };
  if (next.length > 0) terms[field] = next;
  else delete terms[field];
  return { ...state, terms, page: 0 };
}

/** `range` in the index's units; one spanning the whole `extent` (the facet's, in the same units) is no filter. */
export function withRange(
  state: CarListState,
  field: UrlRangeField,
  range: Range | null,
  extent?: Range,
): CarListState {
  const ranges = { ...state.ranges };
  const filter = range && extent ? rangeFilterOf(range, extent) : range;
  if (filter) ranges[field] = filter;
  else delete ranges[field];
  return { ...state, ranges, page: 0 };
}

export function withKeyphrase(state: CarListState, keyphrase: string): CarListState {
  return { ...state, keyphrase: keyphrase.trim().slice(0, MAX_KEYPHRASE), page: 0 };
}

export function withSort(state: CarListState, sortName: CarSortName): CarListState {
  return { ...state, sortName: sortName === 'relevance' ? null : sortName, page: 0 };
}

/** Nearest first from a place (a postcode's, or the browser's position: rounded here whatever it was given as). */
export function withNear(state: CarListState, near: GeoPoint, nearName = ''): CarListState {
  const name = nearName.trim().slice(0, MAX_NEAR_NAME);
  return {
    ...state,
    sortName: 'distance_asc',
    near: parseNear(nearText(near)),
    ...(name ? { nearName: name } : { nearName: undefined }),
    page: 0,
  };
}

/** Where the list measures distances from: its place while it is sorted by distance. */
export function distanceOrigin(state: CarListState): GeoPoint | undefined {
  return state.sortName === 'distance_asc' ? state.near : undefined;
}

export function withPage(state: CarListState, page: number): CarListState {
  return { ...state, page: Math.max(0, Math.min(page, CAR_LIST_MAX_PAGES - 1)) };
}

/** Clear all: the keyphrase stays (it has its own box), every facet filter goes. */
export function withoutFilters(state: CarListState): CarListState {
  return { ...state, terms: {}, ranges: {}, page: 0 };
}

export function hasFilters(state: CarListState): boolean {
  return activeFilterCount(state) > 0;
}

/** How many filters are on: each chosen term value and each range (what the chips show). */
export function activeFilterCount(state: CarListState): number {
  return (
    Object.values(state.terms).reduce((sum, values) => sum + (values?.length ?? 0), 0) +
    Object.keys(state.ranges).length
  );
}

// ---- the search a state means ---------------------------------------------------------------------------

/** The body of POST /api/search (ApiSearchBodySchema) for one page of a state. */
export interface CarListSearchBody {
  index: 'cars';
  fields: string[];
  keyphrase?: string;
  /** The first page only. */
  facets?: string[];
  limit: number;
  offset: number;
  sort_name?: CarSortName;
  filters?: SearchFilter[];
  /** Where `distance_asc` measures from (rounded). */
  origin?: GeoPoint;
}

export const CAR_LIST_FACETS: readonly string[] = [...TERM_FACETS, ...RANGE_FACETS.map((r) => r.field)];

/**
 * The search for page `page` of a state: 48 cars at offset 48 × page. The server renders the pages
 * 0..state.page with exactly these bodies, so an island's later request for the same page is a cache hit.
 */
export function carListSearchBody(
  state: CarListState,
  page: number,
  defaults: readonly SearchFilter[] = [],
): CarListSearchBody {
  const filters: SearchFilter[] = [
    // The market's default filters (markets/schema.ts carListDefaults), for fields the URL leaves open.
    ...defaults.filter((filter) => !state.terms[filter.field as UrlTermField]),
    ...URL_TERM_FIELDS.flatMap((field) => (state.terms[field] ? [{ field, values: state.terms[field] }] : [])),
    ...URL_RANGE_FIELDS.flatMap((field) => {
      const range = state.ranges[field];
      return range ? [{ field, values: [range[0], range[1]] }] : [];
    }),
  ];
  return {
    index: 'cars',
    fields: [...CAR_SUMMARY_FIELDS],
    ...(state.keyphrase ? { keyphrase: state.keyphrase } : {}),
    // The panel shows the first page's facets: a later page asking again would only cost the search service.
    ...(page === 0 ? { facets: [...CAR_LIST_FACETS] } : {}),
    limit: CAR_LIST_PAGE_SIZE,
    offset: CAR_LIST_PAGE_SIZE * page,
    // Nearest first without a place to measure from keeps the default order.
    ...(state.sortName && (state.sortName !== 'distance_asc' || state.near) ? { sort_name: state.sortName } : {}),
    ...(filters.length > 0 ? { filters } : {}),
    ...(distanceOrigin(state) ? { origin: distanceOrigin(state) } : {}),
  };
}

/** Every page's body of a state, 0..state.page. */
export function carListSearchBodies(state: CarListState, defaults: readonly SearchFilter[] = []): CarListSearchBody[] {
  return Array.from({ length: state.page + 1 }, (_, page) => carListSearchBody(state, page, defaults));
}

/**
 * The island's requests for pages `fromPage`..`toPage`, as few as /api/search allows (client/shared/lists/pageRequests.ts):
 * page 0 exactly as the server renders it (the cache entry the server filled), then two pages a request.
 */
export function carListFetchBodies(
  state: CarListState,
  defaults: readonly SearchFilter[] = [],
  fromPage = 0,
  toPage = state.page,
): CarListSearchBody[] {
  return pageRequests(fromPage, toPage, CAR_LIST_PAGE_SIZE).map(({ page, limit }) => ({
    ...carListSearchBody(state, page, defaults),
    limit,
  }));
}
