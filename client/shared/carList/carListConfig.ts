import type { SEARCH_RANGE_FIELDS, SEARCH_SORTS, SEARCH_TERM_FIELDS } from '../../../contracts/upstream/search.js';

/** The car list's fixed numbers (spec part 1 §9), the same as the /api/search bounds. */
export const CAR_LIST_PAGE_SIZE = 48;
export const CAR_LIST_MAX_PAGES = 20;
export const CAR_LIST_TOTAL_CAP = 10_000;
export const RANGE_DEBOUNCE_MS = 1500;
export const KEYPHRASE_DEBOUNCE_MS = 600;
/** A facet with this many values gets a search box. */
export const FACET_SEARCH_THRESHOLD = 10;
/** Values shown before 'show more'. */
export const FACET_VISIBLE_VALUES = 6;

export type CarTermField = (typeof SEARCH_TERM_FIELDS.cars)[number];
export type CarRangeField = (typeof SEARCH_RANGE_FIELDS.cars)[number];
export type CarSortName = (typeof SEARCH_SORTS.cars)[number];

/** Term facets shown as lists, in panel order. */
export const TERM_FACETS = [
  'car_brand',
  'car_model',
  'car_body',
  'car_fuel',
  'car_gearbox',
  'car_drive',
  'car_color',
] as const satisfies readonly CarTermField[];
/** Range facets shown as sliders, in panel order, with their slider step (upstream units). */
export const RANGE_FACETS = [
  { field: 'car_price', step: 1000 },
  // The monthly budget (issue 53): shown only where cards show a monthly price (markets/schema.ts monthlyPrice).
  { field: 'car_monthly_payment', step: 50 },
  { field: 'car_mileage', step: 1000 },
  { field: 'car_year', step: 1 },
  { field: 'car_power', step: 10 },
] as const satisfies readonly { field: CarRangeField; step: number }[];

/** Every range field the URL may carry (a link may filter on one the panel does not show). */
export const URL_RANGE_FIELDS = [
  'car_price',
  'car_campaign_price',
  'car_retail_price',
  'car_monthly_payment',
  'car_mileage',
  'car_power',
  'car_year',
  'car_co2',
  'car_range_km',
] as const satisfies readonly CarRangeField[];
/** Range fields in km in the URL and the index, shown and typed in the market's distance unit (km, mil, miles). */
export const DISTANCE_FIELDS: ReadonlySet<UrlRangeField> = new Set(['car_mileage', 'car_range_km']);

/** Every term field the URL may carry (footer brand logos, teaser links). */
export const URL_TERM_FIELDS = [
  ...TERM_FACETS,
  'car_condition',
  'car_vehicle_type',
  'car_site_name',
  'car_city',
  'car_site_region',
] as const satisfies readonly CarTermField[];

export const CAR_SORTS = [
  'relevance',
  'price_asc',
  'price_desc',
  'year_asc',
  'year_desc',
  'mileage_asc',
  'mileage_desc',
  'newest',
  'oldest',
  // Nearest first (issue 53): searched from the state's `near`; without one the list keeps its default order.
  'distance_asc',
] as const satisfies readonly CarSortName[];

export type UrlTermField = (typeof URL_TERM_FIELDS)[number];
export type UrlRangeField = (typeof URL_RANGE_FIELDS)[number];
