import {
  SEARCH_RANGE_FIELDS,
  SEARCH_SORTS,
  SEARCH_TERM_FIELDS,
  type ParsedSearchRequest,
  type SearchFacet,
  type SearchFilter,
  type SearchResponse,
} from '../../contracts/upstream/search.js';
import { greatCircleKm } from '../../contracts/upstream/searchWords.js';
import { fold, type SearchIndex } from './search-index.js';

/** A request the schema accepts but the index cannot answer (unknown field, bad range): answered 400. */
export class SearchRequestError extends Error {}

interface FieldFilter {
  field: string;
  /** 1 where the document passes every filter on this field. */
  pass: Uint8Array;
}

function isRangeField(index: SearchIndex, field: string): boolean {
  return index.ranges.has(field);
}

function filterMask(index: SearchIndex, filter: SearchFilter): Uint8Array {
  const n = index.docs.length;
  const pass = new Uint8Array(n);
  const dates = index.dates.get(filter.field);
  if (dates) {
    const [from, to] = filter.values.map((v) => (typeof v === 'string' ? Date.parse(v) : Number.NaN));
    if (filter.values.length !== 2 || Number.isNaN(from) || Number.isNaN(to)) {
      throw new SearchRequestError(`date filter ${filter.field} takes exactly two ISO 8601 timestamps [from, to]`);
    }
    if (from! > to!) throw new SearchRequestError(`date filter ${filter.field}: from is after to`);
    for (let i = 0; i < n; i++) pass[i] = dates[i]! >= from! && dates[i]! <= to! ? 1 : 0;
    return pass;
  }
  const range = index.ranges.get(filter.field);
  if (range) {
    const [min, max] = filter.values;
    if (filter.values.length !== 2 || typeof min !== 'number' || typeof max !== 'number') {
      throw new SearchRequestError(`range filter ${filter.field} takes exactly two numbers [min, max]`);
    }
    if (min > max) throw new SearchRequestError(`range filter ${filter.field}: min ${min} is above max ${max}`);
    for (let i = 0; i < n; i++) pass[i] = range[i]! >= min && range[i]! <= max ? 1 : 0;
    return pass;
  }
  const column = index.terms.get(filter.field);
  if (!column)
    throw new SearchRequestError(
      `field ${filter.field} cannot be filtered in ${index.kind}; use one of ${[...index.terms.keys(), ...index.ranges.keys(), ...index.dates.keys()].join(', ')}`,
    );
  const wanted = new Set(filter.values.map((v) => fold(String(v))));
  for (let i = 0; i < n; i++) pass[i] = column.keys[i]!.some((k) => wanted.has(k)) ? 1 : 0;
  return pass;
}

/** Filters on the same field are ANDed into one mask, so "every filter except the facet's own" is one mask to skip. */
function fieldFilters(index: SearchIndex, filters: SearchFilter[]): FieldFilter[] {
  const byField = new Map<string, Uint8Array>();
  for (const filter of filters) {
    const mask = filterMask(index, filter);
    const previous = byField.get(filter.field);
    if (previous) for (let i = 0; i < mask.length; i++) previous[i]! &= mask[i]!;
    else byField.set(filter.field, mask);
  }
  return [...byField].map(([field, pass]) => ({ field, pass }));
}

function keyphraseTokens(keyphrase: string | undefined): string[] {
  return keyphrase
    ? fold(keyphrase)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    : [];
}

function validate(index: SearchIndex, request: ParsedSearchRequest): void {
  for (const field of request.fields ?? []) {
    if (!index.fieldNames.has(field)) throw new SearchRequestError(`unknown field ${field} in ${index.kind}`);
  }
  const facetable = new Set<string>([...SEARCH_TERM_FIELDS[index.kind], ...SEARCH_RANGE_FIELDS[index.kind]]);
  for (const facet of request.facets ?? []) {
    if (!facetable.has(facet))
      throw new SearchRequestError(
        `field ${facet} is not a facet of ${index.kind}; use one of ${[...facetable].join(', ')}`,
      );
  }
  if (request.sort_name && !(SEARCH_SORTS[index.kind] as readonly string[]).includes(request.sort_name)) {
    throw new SearchRequestError(
      `sort_name ${request.sort_name} does not apply to ${index.kind}; use one of ${SEARCH_SORTS[index.kind].join(', ')}`,
    );
  }
  if (request.sort_name === 'distance_asc' && !request.origin) {
    throw new SearchRequestError('sort_name distance_asc measures from an origin: give origin {lat, lng}');
  }
}

/** The matching documents, nearest to `origin` first; ties (cars of one site) in id order. */
function byDistance(index: SearchIndex, origin: { lat: number; lng: number }, matches: (i: number) => boolean) {
  const near: { i: number; km: number }[] = [];
  for (let i = 0; i < index.docs.length; i++) {
    const point = index.points[i];
    if (matches(i)) near.push({ i, km: point ? greatCircleKm(origin, point) : Infinity });
  }
  near.sort((a, b) => a.km - b.km || a.i - b.i);
  return near.map(({ i }) => i);
}

function facetOf(index: SearchIndex, name: string, included: (i: number) => boolean): SearchFacet {
  const n = index.docs.length;
  if (isRangeField(index, name)) {
    const values = index.ranges.get(name)!;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if (!Number.isNaN(v) && included(i)) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    return { name, type: 'range', min: min === Infinity ? null : min, max: max === -Infinity ? null : max };
  }
  const column = index.terms.get(name)!;
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (!included(i)) continue;
    for (const key of column.keys[i]!) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const values = [...counts].map(([key, count]) => ({ value: column.display.get(key)!, count }));
  values.sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value), 'en', { numeric: true }));
  return { name, type: 'term', values };
}

function project(doc: Record<string, unknown>, fields: string[] | undefined): Record<string, unknown> {
  if (!fields || fields.length === 0) return doc;
  const out: Record<string, unknown> = {};
  for (const field of fields) if (field in doc) out[field] = doc[field];
  return out;
}

export function runSearch(index: SearchIndex, request: ParsedSearchRequest): SearchResponse {
  validate(index, request);
  const n = index.docs.length;
  const filters = fieldFilters(index, request.filters ?? []);
  const tokens = keyphraseTokens(request.keyphrase);

  // Per document: does the keyphrase match, how many fields' filters fail, and which one when exactly one does.
  const textMatch = new Uint8Array(n);
  const failures = new Uint8Array(n);
  const failedField = new Int16Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const text = index.allText[i]!;
    textMatch[i] = tokens.every((t) => text.includes(t)) ? 1 : 0;
    for (let f = 0; f < filters.length; f++) {
      if (!filters[f]!.pass[i]) {
        failures[i]!++;
        failedField[i] = f;
      }
    }
  }
  const matches = (i: number) => textMatch[i] === 1 && failures[i] === 0;

  // Disjunctive counts: a document counts for a facet when it fails no filter, or only the facet's own.
  const facet = (request.facets ?? []).map((name) => {
    const own = filters.findIndex((f) => f.field === name);
    return facetOf(
      index,
      name,
      (i) => textMatch[i] === 1 && (failures[i] === 0 || (failures[i] === 1 && failedField[i] === own)),
    );
  });

  let ordered: number[];
  const idFilter = request.filters?.find((f) => f.field === index.idField);
  if (idFilter && (!request.sort_name || request.sort_name === 'relevance')) {
    const positions = new Map(index.ids.map((id, i) => [id, i]));
    ordered = [...new Set(idFilter.values.map(String))].flatMap((id) => {
      const i = positions.get(id);
      return i !== undefined && matches(i) ? [i] : [];
    });
  } else if (request.sort_name === 'distance_asc') {
    ordered = byDistance(index, request.origin!, matches);
  } else {
    const order = index.sortOrders.get(request.sort_name ?? 'relevance')!;
    ordered = [];
    for (const i of order) if (matches(i)) ordered.push(i);
    if (tokens.length > 0 && (!request.sort_name || request.sort_name === 'relevance')) {
      // Keyphrase hits in brand/model rank above hits only in the description; the sort is stable.
      const score = (i: number) => tokens.reduce((s, t) => s + (index.strongText[i]!.includes(t) ? 2 : 1), 0);
      const scores = new Map(ordered.map((i) => [i, score(i)]));
      ordered.sort((a, b) => scores.get(b)! - scores.get(a)!);
    }
  }

  return {
    facet,
    content: ordered
      .slice(request.offset, request.offset + request.limit)
      .map((i) => project(index.docs[i]!, request.fields)),
    total_items: ordered.length,
  };
}
