import { createHash } from 'node:crypto';
import { roundedPlace } from '../../client/shared/geo/roundedPlace.js';
import {
  SEARCH_DATE_FIELDS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_RANGE_FIELDS,
  parseSearchIndexName,
  type SearchFilter,
  type SearchRequest,
} from '../../contracts/upstream/search.js';
import { SEARCH_ID_FIELD } from '../../contracts/upstream/searchWords.js';

/**
 * The canonical form of a search: defaults filled in, whitespace and case of the keyphrase folded,
 * fields, facets and filters in a fixed order, and term values sorted. Two requests that mean the
 * same search have the same canonical form (and so one cache key); range values and id lists keep
 * their order because it carries meaning. A distance search's origin is rounded to the 0.05° grid, so no
 * finer position is ever kept or sent on. The canonical request is what goes upstream.
 */
export function normaliseSearchRequest(request: SearchRequest): SearchRequest {
  const { kind } = parseSearchIndexName(request.index);
  const ordered = new Set<string>([...SEARCH_RANGE_FIELDS[kind], ...SEARCH_DATE_FIELDS[kind], SEARCH_ID_FIELD[kind]]);
  const sortName = request.sort_name ?? 'relevance';
  const keyphrase = request.keyphrase?.trim().replace(/\s+/g, ' ').toLowerCase();
  const sortedUnique = (list: readonly string[] | undefined) =>
    list && list.length > 0 ? [...new Set(list)].sort() : undefined;
  const filters = request.filters
    ?.map((f): SearchFilter => (ordered.has(f.field) ? f : { field: f.field, values: sortValues(f.values) }))
    .sort((a, b) =>
      a.field === b.field
        ? JSON.stringify(a.values).localeCompare(JSON.stringify(b.values))
        : a.field < b.field
          ? -1
          : 1,
    );
  return {
    index: request.index,
    ...(sortedUnique(request.fields) ? { fields: sortedUnique(request.fields) } : {}),
    ...(keyphrase ? { keyphrase } : {}),
    ...(sortedUnique(request.facets) ? { facets: sortedUnique(request.facets) } : {}),
    limit: request.limit ?? SEARCH_DEFAULT_LIMIT,
    offset: request.offset ?? 0,
    sort_name: sortName,
    ...(filters && filters.length > 0 ? { filters } : {}),
    ...(request.language ? { language: request.language } : {}),
    // Only the distance sort reads it; anywhere else it would only split the cache.
    ...(sortName === 'distance_asc' && request.origin ? { origin: roundedPlace(request.origin) } : {}),
  };
}

/** The cache key of a canonical request: readable prefix for operators, hash for the rest. */
export function searchCacheKey(canonical: SearchRequest): string {
  const hash = createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 32);
  return `search:v1:${canonical.index}:${hash}`;
}

function sortValues(values: SearchFilter['values']): SearchFilter['values'] {
  const unique = [...new Map(values.map((v) => [`${typeof v}:${String(v)}`, v])).values()];
  return unique.sort((a, b) => String(a).localeCompare(String(b)));
}
