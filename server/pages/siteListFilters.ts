import type { SearchFilter } from '../../contracts/upstream/search.js';

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
