import { z } from 'zod';
import { LANGUAGES, MARKET_IDS, type MarketId } from '../../markets/schema.js';

/**
 * Contract of the search service, shared by our client (server/upstream) and the sandbox.
 *
 * One call: `POST {UPSTREAM_SEARCH_URL}/query` with a JSON `SearchRequest`, answering `SearchResponse`.
 * Errors answer `{ message }` (400 for an invalid request).
 *
 * Semantics the sandbox implements and our client relies on:
 * - `index` is `<kind>-<market>`: `cars-se`, `sites-fi`, `kits-se-used`... (markets/*.ts `searchIndexes`).
 * - `keyphrase`: every word must occur (AND) in the document's searchable text (cars: brand, model, variant,
 *   description and equipment; sites: name, city, brands; kits: name, code, description). Case and the
 *   Swedish, Finnish, Norwegian and Slovak diacritics are folded (`Škoda` = `skoda`, `Kärra` = `karra`, `ø` = `o`).
 * - `filters`: a list of `{ field, values }`.
 *   - Term field: the document matches when it has ANY of the values (OR within a facet); filters on
 *     different fields must ALL match (AND across). Values compare case- and diacritic-insensitively.
 *     Dotted paths reach into lists of objects: `site_departments.group`, `site_departments.brands.name`.
 *   - Range field (`SEARCH_RANGE_FIELDS`): exactly two numbers `[min, max]`, both inclusive, min ≤ max.
 *     A document without a value for the field (e.g. no campaign price) does not match.
 *   - Date field (`SEARCH_DATE_FIELDS`): exactly two ISO 8601 timestamps `[from, to]`, both inclusive, from ≤ to
 *     ('cars published since': `car_published_at` from the last car a shopper saw). Not a facet.
 *   - The id field (`car_id`, `site_id`, `kitId`): the result keeps the order of the given values unless an
 *     explicit `sort_name` other than `relevance` is given.
 * - `facets`: field names. A term facet answers value counts (count desc, then value asc); a range facet
 *   answers the min and max. Counts are disjunctive: each facet is computed with every filter except those
 *   on its own field, so a shopper sees how many cars the other brands would add.
 * - `sort_name`: `SEARCH_SORTS[kind]`. `relevance` (the default) ranks keyphrase hits, otherwise newest first
 *   for cars and by name for sites and kits. Ties break on the id, so paging is stable.
 *   `distance_asc` (cars) orders by the great-circle distance (`greatCircleKm`) from `origin` to `car_geocoord`,
 *   nearest first, and needs `origin` (400 without it).
 * - `fields`: top-level field names to return (all when omitted).
 * - `limit` default 24, max 100 (0 answers only facets and total); `offset` default 0.
 * - `language`: the language of the documents' texts (descriptions, equipment, seller titles, department and
 *   holiday names, kit names) when the market has more than one (Swedish on the Finnish site). The car words the
 *   BFF translates (fuel, body, gearbox, drive, colour, condition) stay in the index's own language in filters and
 *   facets; the worded fields (model names, places, kit categories, department services) are filtered and faceted
 *   in the language asked (shared/lists/filtersInLanguage.ts carries a filter from one language to the other).
 */

export const SEARCH_INDEX_KINDS = ['cars', 'sites', 'kits'] as const;
export type SearchIndexKind = (typeof SEARCH_INDEX_KINDS)[number];

export const SEARCH_INDEX_NAMES = SEARCH_INDEX_KINDS.flatMap((kind) =>
  MARKET_IDS.map((market) => `${kind}-${market}` as const),
);
export const SearchIndexNameSchema = z.enum(SEARCH_INDEX_NAMES);
export type SearchIndexName = z.infer<typeof SearchIndexNameSchema>;

export function parseSearchIndexName(index: SearchIndexName): { kind: SearchIndexKind; market: MarketId } {
  const dash = index.indexOf('-');
  return { kind: index.slice(0, dash) as SearchIndexKind, market: index.slice(dash + 1) as MarketId };
}

/** Numeric fields that filter and facet as `[min, max]`; every other filterable field is a term field. */
export const SEARCH_RANGE_FIELDS = {
  cars: [
    'car_price',
    'car_campaign_price',
    'car_retail_price',
    'car_monthly_payment',
    'car_mileage',
    'car_power',
    'car_year',
    'car_co2',
    'car_range_km',
  ],
  sites: [],
  kits: ['retailPrice'],
} as const satisfies Record<SearchIndexKind, readonly string[]>;

/** Timestamp fields that filter as `[from, to]` (ISO 8601, both inclusive). */
export const SEARCH_DATE_FIELDS = {
  cars: ['car_published_at'],
  sites: [],
  kits: [],
} as const satisfies Record<SearchIndexKind, readonly string[]>;

export const SEARCH_TERM_FIELDS = {
  cars: [
    'car_id',
    'car_brand',
    'car_model',
    'car_body',
    'car_year',
    'car_fuel',
    'car_gearbox',
    'car_drive',
    'car_color',
    'car_condition',
    'car_vehicle_type',
    'car_vehicle_type_code',
    'car_is_sample',
    'car_vat_eligible',
    'car_has_campaign',
    'car_site_id',
    'car_site_name',
    'car_site_region',
    'car_city',
    'car_seats',
    'car_equipment',
  ],
  sites: [
    'site_id',
    'slug',
    'site_city',
    'site_region',
    'site_brands',
    'site_departments.group',
    'site_departments.name',
    'site_departments.brands.name',
    'site_departments.service_name',
  ],
  kits: ['kitId', 'kitCode', 'status', 'brand', 'category', 'models'],
} as const satisfies Record<SearchIndexKind, readonly string[]>;

export const SEARCH_SORT_NAMES = [
  'relevance',
  'price_asc',
  'price_desc',
  'year_asc',
  'year_desc',
  'mileage_asc',
  'mileage_desc',
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'distance_asc',
] as const;
export const SearchSortNameSchema = z.enum(SEARCH_SORT_NAMES);
export type SearchSortName = z.infer<typeof SearchSortNameSchema>;

/** Sort names each index kind accepts; `price` is `car_price` (what the shopper pays) for cars, `retailPrice` for kits. */
export const SEARCH_SORTS = {
  cars: [
    'relevance',
    'price_asc',
    'price_desc',
    'year_asc',
    'year_desc',
    'mileage_asc',
    'mileage_desc',
    'newest',
    'oldest',
    'distance_asc',
  ],
  sites: ['relevance', 'name_asc', 'name_desc'],
  kits: ['relevance', 'price_asc', 'price_desc', 'name_asc', 'name_desc', 'newest'],
} as const satisfies Record<SearchIndexKind, readonly SearchSortName[]>;

export const SEARCH_DEFAULT_LIMIT = 24;
export const SEARCH_MAX_LIMIT = 100;

const fieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, 'a field name');

export const SearchFilterValueSchema = z.union([z.string().max(200), z.number().finite(), z.boolean()]);
export const SearchFilterSchema = z.object({
  field: fieldName,
  values: z.array(SearchFilterValueSchema).min(1).max(100),
});
export type SearchFilter = z.infer<typeof SearchFilterSchema>;

/** A point on the map; `origin` of a `distance_asc` search. */
export const GeoPointSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type GeoPoint = z.infer<typeof GeoPointSchema>;

export const SearchRequestSchema = z.object({
  index: SearchIndexNameSchema,
  fields: z.array(fieldName).max(100).optional(),
  keyphrase: z.string().max(200).optional(),
  facets: z.array(fieldName).max(50).optional(),
  limit: z.number().int().min(0).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  offset: z.number().int().min(0).max(100_000).default(0),
  sort_name: SearchSortNameSchema.optional(),
  filters: z.array(SearchFilterSchema).max(50).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** Where `distance_asc` measures from. */
  origin: GeoPointSchema.optional(),
});
/** What a caller sends (defaults optional). */
export type SearchRequest = z.input<typeof SearchRequestSchema>;
/** What the service works with after parsing (defaults applied). */
export type ParsedSearchRequest = z.output<typeof SearchRequestSchema>;

export const TermFacetSchema = z.object({
  name: z.string(),
  type: z.literal('term'),
  values: z.array(z.object({ value: z.union([z.string(), z.number(), z.boolean()]), count: z.number().int().min(0) })),
});
export const RangeFacetSchema = z.object({
  name: z.string(),
  type: z.literal('range'),
  /** null when no matching document has a value. */
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export const SearchFacetSchema = z.discriminatedUnion('type', [TermFacetSchema, RangeFacetSchema]);
export type SearchFacet = z.infer<typeof SearchFacetSchema>;

/** The answer, generic over the document schema; `facet` lists the requested facets in request order. */
export function searchResponseOf<Doc extends z.ZodType>(doc: Doc) {
  return z.object({
    facet: z.array(SearchFacetSchema),
    content: z.array(doc),
    total_items: z.number().int().min(0),
  });
}
/** Any index, any `fields` projection. */
export const SearchResponseSchema = searchResponseOf(z.record(z.string(), z.unknown()));
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const SearchErrorSchema = z.object({ message: z.string() });

// ---- Documents -------------------------------------------------------------------------------------------

/** Image URLs point at the media service (`…/media/cars/<car_id>/<n>.jpg?v=<version>`; sandbox/data/pictures.ts). */
const url = z.string().min(1);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/);

export const CarSellerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string().optional(),
});

/** A monthly-payment offer; `type` says who it is for. */
export const CarFinanceOptionSchema = z.object({
  type: z.enum(['Private', 'Company']),
  monthly_payment: z.number(),
  months: z.number().int(),
  down_payment: z.number(),
  interest_rate: z.number(),
  /** Balloon (loan) or residual value (leasing) at the end of the term. */
  residual_value: z.number(),
  annual_mileage_km: z.number().int().optional(),
  provider: z.string(),
});

/** A labelled technical-data row in the market's language, in display order (the detail page shows the first 5). */
export const CarTechnicalRowSchema = z.object({ label: z.string(), value: z.string() });

export const CarSchema = z.object({
  car_id: z.string(),
  slug: z.string(),
  car_market: z.enum(MARKET_IDS),
  car_brand: z.string(),
  car_model: z.string(),
  car_variant: z.string(),
  car_body: z.string(),
  car_year: z.number().int(),
  car_fuel: z.string(),
  car_gearbox: z.string(),
  car_drive: z.string(),
  car_color: z.string(),
  car_seats: z.number().int(),
  car_doors: z.number().int(),
  /** Odometer in km (the Swedish sites show mil = km / 10). */
  car_mileage: z.number().int(),
  car_power: z.number().int(),
  car_power_kw: z.number().int(),
  car_engine_size_cc: z.number().int().nullable(),
  car_co2: z.number().nullable(),
  car_fuel_consumption: z.number().nullable(),
  car_battery_capacity_kwh: z.number().nullable(),
  car_range_km: z.number().nullable(),
  car_registration_number: z.string().nullable(),
  car_first_registration: isoDate.nullable(),
  car_vin: z.string(),
  /** What the shopper pays: the campaign price when there is one, otherwise the retail price. */
  car_price: z.number(),
  car_campaign_price: z.number().nullable(),
  car_retail_price: z.number(),
  car_has_campaign: z.boolean(),
  car_currency: z.enum(['EUR', 'NOK', 'SEK', 'GBP']),
  car_vat_eligible: z.boolean(),
  /** 'PC' passenger car or 'LCV' light commercial vehicle (LCV prices are shown without VAT). */
  car_vehicle_type_code: z.enum(['PC', 'LCV']),
  car_vehicle_type: z.string(),
  car_condition: z.string(),
  car_is_new: z.boolean(),
  /** A new-car sample: the buyer must choose one of several sellers. */
  car_is_sample: z.boolean(),
  car_images: z.array(url).min(1),
  car_primary_image: url,
  /** 360° frames; the UK site only. */
  car_media_360: z.array(url),
  car_equipment: z.array(z.string()),
  car_description: z.string(),
  car_technical_data: z.array(CarTechnicalRowSchema),
  car_sellers: z.array(CarSellerSchema).min(1),
  car_loan_options: z.array(CarFinanceOptionSchema),
  car_leasing_options: z.array(CarFinanceOptionSchema),
  /**
   * The monthly payment a card shows and the budget filter ranges over, in the car's currency: the private loan
   * offer's (the first offer the car page shows a private buyer); on the UK, where offers come from the finance
   * service, the payment of its representative quote (PCP at the service's default terms) as the stock feed took
   * it when it indexed the car. Null for a car without finance.
   */
  car_monthly_payment: z.number().nullable(),
  /** Where the car stands: its selling site's `site_geocoord` (what `distance_asc` measures to). */
  car_geocoord: z.object({ lat: z.number(), lng: z.number() }),
  car_site_id: z.string(),
  car_site_name: z.string(),
  car_site_region: z.string(),
  car_city: z.string(),
  /** When the car was put up for sale (ISO 8601): the newest first, and a saved search's 'new since'. */
  car_published_at: z.string(),
});
export type Car = z.infer<typeof CarSchema>;

export const OpeningHoursSchema = z.object({
  day: z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
  closed: z.boolean(),
  /** HH:mm local time; null when closed. */
  opens: z.string().nullable(),
  closes: z.string().nullable(),
});
export const VacationPeriodSchema = z.object({ from: isoDate, to: isoDate, description: z.string() });
/** A single day with other hours than usual (a holiday eve, an inventory day). */
export const DeviationDaySchema = z.object({
  date: isoDate,
  closed: z.boolean(),
  opens: z.string().nullable(),
  closes: z.string().nullable(),
  description: z.string(),
});
export const SiteUserSchema = z.object({
  name: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  image_url: url,
});

export const SiteDepartmentSchema = z.object({
  department_id: z.string(),
  name: z.string(),
  /** Stable English group: Sales, Workshop, Tires, Parts, Damage, Used cars. */
  group: z.enum(['Sales', 'Used cars', 'Workshop', 'Tires', 'Parts', 'Damage']),
  brands: z.array(z.object({ name: z.string() })),
  service_name: z.array(z.string()),
  users: z.array(SiteUserSchema),
  email: z.string(),
  phone: z.string(),
  opening_hours: z.array(OpeningHoursSchema).length(7),
  vacation_days: z.array(VacationPeriodSchema),
  deviation_days: z.array(DeviationDaySchema),
});

export const SiteSchema = z.object({
  site_id: z.string(),
  slug: z.string(),
  site_market: z.enum(MARKET_IDS),
  site_official_name: z.string(),
  site_name: z.string(),
  site_street: z.string(),
  site_zip: z.string(),
  site_city: z.string(),
  site_region: z.string(),
  site_country: z.string(),
  site_phone: z.string(),
  site_email: z.string(),
  site_geocoord: z.object({ lat: z.number(), lng: z.number() }),
  site_brands: z.array(z.string()),
  site_departments: z.array(SiteDepartmentSchema).min(1),
  site_image_url: url,
  site_description: z.string(),
});
export type Site = z.infer<typeof SiteSchema>;
export type SiteDepartment = z.infer<typeof SiteDepartmentSchema>;

export const KitSchema = z.object({
  kitId: z.string(),
  kitCode: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['Active', 'Discontinued', 'ComingSoon']),
  images: z.array(url),
  retailPrice: z.number(),
  currency: z.string().default('EUR'),
  /** Extra facet fields the kits filter panel uses (not in the spec's list). */
  brand: z.string(),
  category: z.string(),
  models: z.array(z.string()),
  published_at: z.string(),
});
export type Kit = z.infer<typeof KitSchema>;

export const CarSearchResponseSchema = searchResponseOf(CarSchema);
export const SiteSearchResponseSchema = searchResponseOf(SiteSchema);
export const KitSearchResponseSchema = searchResponseOf(KitSchema);
