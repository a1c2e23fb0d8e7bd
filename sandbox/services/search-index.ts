import {
  CarSchema,
  KitSchema,
  SiteSchema,
  SEARCH_DATE_FIELDS,
  SEARCH_RANGE_FIELDS,
  SEARCH_SORTS,
  SEARCH_TERM_FIELDS,
  type SearchIndexKind,
  type SearchSortName,
} from '../../contracts/upstream/search.js';
import { foldSearchText, SEARCH_ID_FIELD } from '../../contracts/upstream/searchWords.js';

type Doc = Record<string, unknown>;
type Primitive = string | number | boolean;

/** The contract's folding: what filters, facets and keyphrases compare. */
export const fold = foldSearchText;

/** Every primitive reachable by a dotted path, flattening lists on the way ('site_departments.brands.name'). */
export function valuesAt(doc: unknown, path: string[]): Primitive[] {
  if (doc === null || doc === undefined) return [];
  if (Array.isArray(doc)) return doc.flatMap((item) => valuesAt(item, path));
  if (path.length === 0) return typeof doc === 'object' ? [] : [doc as Primitive];
  if (typeof doc !== 'object') return [];
  return valuesAt((doc as Doc)[path[0]!], path.slice(1));
}

const foldCache = new Map<string, string>();
/** Term values repeat a lot (brands, fuels), so folding each distinct one once keeps index builds fast. */
function foldCached(text: string): string {
  let folded = foldCache.get(text);
  if (folded === undefined) {
    folded = fold(text);
    if (foldCache.size < 50_000) foldCache.set(text, folded);
  }
  return folded;
}

const DOCUMENT_SHAPES = { cars: CarSchema.shape, sites: SiteSchema.shape, kits: KitSchema.shape };

const TEXT_FIELDS: Record<SearchIndexKind, { strong: string[]; weak: string[] }> = {
  cars: {
    strong: ['car_brand', 'car_model', 'car_variant'],
    weak: ['car_description', 'car_equipment', 'car_body', 'car_fuel'],
  },
  sites: { strong: ['site_official_name', 'site_city'], weak: ['site_brands', 'site_street', 'site_region'] },
  kits: { strong: ['name', 'kitCode', 'brand'], weak: ['description', 'models', 'category'] },
};

/** The key each sort orders by (descending when `desc`); ties break on the id. */
const SORT_KEYS: Record<SearchIndexKind, Partial<Record<SearchSortName, { field: string; desc: boolean }>>> = {
  cars: {
    relevance: { field: 'car_published_at', desc: true },
    newest: { field: 'car_published_at', desc: true },
    oldest: { field: 'car_published_at', desc: false },
    price_asc: { field: 'car_price', desc: false },
    price_desc: { field: 'car_price', desc: true },
    year_asc: { field: 'car_year', desc: false },
    year_desc: { field: 'car_year', desc: true },
    mileage_asc: { field: 'car_mileage', desc: false },
    mileage_desc: { field: 'car_mileage', desc: true },
  },
  sites: {
    relevance: { field: 'site_official_name', desc: false },
    name_asc: { field: 'site_official_name', desc: false },
    name_desc: { field: 'site_official_name', desc: true },
  },
  kits: {
    relevance: { field: 'name', desc: false },
    name_asc: { field: 'name', desc: false },
    name_desc: { field: 'name', desc: true },
    price_asc: { field: 'retailPrice', desc: false },
    price_desc: { field: 'retailPrice', desc: true },
    newest: { field: 'published_at', desc: true },
  },
};

export interface TermColumn {
  /** Folded keys per document. */
  keys: string[][];
  /** The value as documents hold it, per folded key (what facets answer). */
  display: Map<string, Primitive>;
}

/** One index, prepared once so a query is a few linear passes over typed arrays. */
export interface SearchIndex {
  kind: SearchIndexKind;
  docs: Doc[];
  idField: string;
  ids: string[];
  fieldNames: Set<string>;
  terms: Map<string, TermColumn>;
  ranges: Map<string, Float64Array>;
  /** Timestamp fields as milliseconds since the epoch (NaN where a document has none). */
  dates: Map<string, Float64Array>;
  /** Each document's point (cars: `car_geocoord`), for `distance_asc`. */
  points: ({ lat: number; lng: number } | undefined)[];
  strongText: string[];
  allText: string[];
  sortOrders: Map<SearchSortName, Uint32Array>;
}

function termColumn(docs: Doc[], field: string): TermColumn {
  const display = new Map<string, Primitive>();
  const keys = docs.map((doc) => {
    const values = valuesAt(doc, field.split('.'));
    return [
      ...new Set(
        values.map((value) => {
          const key = foldCached(String(value));
          if (!display.has(key)) display.set(key, value);
          return key;
        }),
      ),
    ];
  });
  return { keys, display };
}

function sortOrder(docs: Doc[], field: string, desc: boolean): Uint32Array {
  const values = docs.map((d) => d[field] as string | number);
  // Names sort by a folded key; ISO dates and numbers compare as they are. Ties keep document (id) order.
  const keys = values.map((v) => (typeof v === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(v) ? foldCached(v) : v));
  const order = Array.from(docs.keys());
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    const c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return c !== 0 ? (desc ? -c : c) : a - b;
  });
  return Uint32Array.from(order);
}

export function buildSearchIndex(kind: SearchIndexKind, docs: Doc[]): SearchIndex {
  const idField = SEARCH_ID_FIELD[kind];
  const ids = docs.map((d) => String(d[idField]));
  const joined = (doc: Doc, fields: string[]) => fold(fields.flatMap((f) => valuesAt(doc, f.split('.'))).join(' '));
  const strongText = docs.map((d) => joined(d, TEXT_FIELDS[kind].strong));
  return {
    kind,
    docs,
    idField,
    ids,
    fieldNames: new Set(Object.keys(DOCUMENT_SHAPES[kind])),
    terms: new Map(SEARCH_TERM_FIELDS[kind].map((field) => [field, termColumn(docs, field)])),
    ranges: new Map(
      (SEARCH_RANGE_FIELDS[kind] as readonly string[]).map((field) => [
        field,
        Float64Array.from(docs, (d) => (typeof d[field] === 'number' ? (d[field] as number) : Number.NaN)),
      ]),
    ),
    dates: new Map(
      (SEARCH_DATE_FIELDS[kind] as readonly string[]).map((field) => [
        field,
        Float64Array.from(docs, (d) => (typeof d[field] === 'string' ? Date.parse(d[field] as string) : Number.NaN)),
      ]),
    ),
    points: docs.map((d) =>
      kind === 'cars' ? (d.car_geocoord as { lat: number; lng: number } | undefined) : undefined,
    ),
    strongText,
    allText: docs.map((d, i) => `${strongText[i]} ${joined(d, TEXT_FIELDS[kind].weak)}`),
    sortOrders: new Map(
      (SEARCH_SORTS[kind] as readonly SearchSortName[]).flatMap((name) => {
        // distance_asc depends on the request's origin: ordered per query (search-query.ts).
        const key = SORT_KEYS[kind][name];
        return key ? [[name, sortOrder(docs, key.field, key.desc)] as const] : [];
      }),
    ),
  };
}
