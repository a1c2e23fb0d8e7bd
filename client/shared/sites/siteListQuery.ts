import type { SEARCH_MAX_LIMIT, SearchFilter } from '../../../contracts/upstream/search.js';
import { SITE_CARD_FIELDS } from './siteCard.js';
import { queryInPlace } from '../lists/queryInPlace.js';

/**
 * The site list's URL and search, for the server's first render and the island's search as you type alike: the
 * shopper's words are `?q=`, the filters a redirect or a link may add are repeated parameters, anything else
 * the URL carries (campaign tags) is kept as it is.
 */

/** The site list's filters a URL may carry (redirect destinations use both): department brand and service. */
export const SITE_LIST_FILTER_FIELDS = ['site_departments.brands.name', 'site_departments.service_name'] as const;
export type SiteListFilterField = (typeof SITE_LIST_FILTER_FIELDS)[number];

export interface SiteListFilter extends SearchFilter {
  field: SiteListFilterField;
  values: string[];
}

const MAX_VALUES = 10;
const MAX_LENGTH = 100;

/** The filters of a site-list URL: each field's values (repeated parameters), trimmed, at most 10 of at most 100 characters. */
export function siteListFilters(query: URLSearchParams): SiteListFilter[] {
  return SITE_LIST_FILTER_FIELDS.flatMap((field) => {
    const values = [
      ...new Set(
        query
          .getAll(field)
          .map((v) => v.trim())
          .filter((v) => v !== '' && v.length <= MAX_LENGTH),
      ),
    ].slice(0, MAX_VALUES);
    return values.length > 0 ? [{ field, values } satisfies SiteListFilter] : [];
  });
}

/** The same URL without one filter value (a chip's link), or without every filter (`remove` omitted). */
export function withoutFilter(query: URLSearchParams, remove?: { field: string; value: string }): string {
  const kept = new URLSearchParams();
  for (const [name, value] of query) {
    const isFilter = (SITE_LIST_FILTER_FIELDS as readonly string[]).includes(name);
    if (isFilter && (!remove || (remove.field === name && remove.value === value.trim()))) continue;
    kept.append(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The search box's words: at most 200 characters, as the search takes them. */
export const SITE_KEYPHRASE_MAX = 200;
/** Every site a market has, in one answer: the most one search gives (a type-only import: the value would bring zod). */
const SITE_LIST_LIMIT: typeof SEARCH_MAX_LIMIT = 100;
/** Typing settles this long before the island searches (as the booking's place search, part 2 §9). */
export const SITE_SEARCH_DEBOUNCE_MS = 300;

/** The shopper's words in a site-list URL. */
export function siteKeyphrase(query: URLSearchParams): string {
  return (query.get('q') ?? '').trim().slice(0, SITE_KEYPHRASE_MAX);
}

/** The same URL's query with other words ('' or '?…'): `q` set, or gone when there are none; the rest kept. */
export function withKeyphrase(query: URLSearchParams, keyphrase: string): string {
  const words = keyphrase.trim().slice(0, SITE_KEYPHRASE_MAX);
  return queryInPlace(query, (name) => name === 'q', new URLSearchParams(words ? { q: words } : {}));
}

/**
 * The /api/search body of the site list: every site (up to 100) matching the words and the filters, by
 * relevance when there are words, else by name. The server's first render and the island ask with this one
 * builder, so both are one search (and one cache entry).
 */
export function siteSearchBody(keyphrase: string, filters: readonly SearchFilter[]) {
  return {
    index: 'sites' as const,
    fields: [...SITE_CARD_FIELDS],
    ...(filters.length > 0 ? { filters: filters.map(({ field, values }) => ({ field, values })) } : {}),
    ...(keyphrase ? { keyphrase } : {}),
    limit: SITE_LIST_LIMIT,
    sort_name: keyphrase ? ('relevance' as const) : ('name_asc' as const),
  };
}
