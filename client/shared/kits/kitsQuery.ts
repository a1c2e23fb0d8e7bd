import { pageRequests } from '../lists/pageRequests.js';
import { numberFormat } from '../format/intlFormats.js';
import type { Kit, SearchFilter } from '../../../contracts/upstream/search.js';

/** Kits page: 48 a page (part 1 §9). */
export const KITS_PAGE_SIZE = 48;
/** A shared link may ask for this many pages at most (the search allows offsets up to 20 car-list pages). */
export const KITS_MAX_PAGES = 20;
/** The filter panel's facets, in panel order. */
export const KIT_FACETS = ['brand', 'category'] as const;
export type KitFacetName = (typeof KIT_FACETS)[number];

/** What the shopper asked: the search box and the ticked filter values (the page's query parameters). */
export interface KitsQuery {
  keyphrase: string;
  filters: Record<KitFacetName, string[]>;
}

/** What a kit card and its detail show; `images` are already /media relay paths. */
export interface KitItem {
  kitId: string;
  kitCode: string;
  name: string;
  description: string;
  status: Kit['status'];
  images: string[];
  retailPrice: number;
  currency: string;
  brand: string;
  category: string;
  models: string[];
}

export interface KitFacetValue {
  value: string;
  count: number;
}

/**
 * The /api/search body of one page of kits. The server's first render and the island's later pages
 * use this one builder, so the page's first search and the island's are the same (and cached alike).
 */
export function kitsSearchBody(query: KitsQuery, offset: number) {
  const filters: SearchFilter[] = KIT_FACETS.filter((f) => query.filters[f].length > 0).map((field) => ({
    field,
    values: query.filters[field],
  }));
  return {
    index: 'kits' as const,
    ...(query.keyphrase ? { keyphrase: query.keyphrase } : {}),
    ...(offset === 0 ? { facets: [...KIT_FACETS] } : {}),
    ...(filters.length > 0 ? { filters } : {}),
    limit: KITS_PAGE_SIZE,
    offset,
  };
}

/** The island's requests for pages `fromPage`..`toPage` of a query, as few as /api/search allows (client/shared/lists/pageRequests.ts). */
export function kitsFetchBodies(query: KitsQuery, fromPage: number, toPage: number) {
  return pageRequests(fromPage, toPage, KITS_PAGE_SIZE).map(({ offset, limit }) => ({
    ...kitsSearchBody(query, offset),
    limit,
  }));
}

/** The page's query parameters of a query (`keyphrase`, `brand`, `category`, and `page` when more than one is shown). */
export function kitsQueryParams(query: KitsQuery, pages = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyphrase) params.set('keyphrase', query.keyphrase);
  for (const facet of KIT_FACETS) for (const value of query.filters[facet]) params.append(facet, value);
  if (pages > 1) params.set('page', String(pages));
  return params;
}

/** The parameters the kits page owns in its URL (every other one is kept in place: client/shared/lists/queryInPlace.ts). */
export function isKitsParam(name: string): boolean {
  return name === 'keyphrase' || name === 'page' || (KIT_FACETS as readonly string[]).includes(name);
}

/** A query from the page's query parameters (what the filter form submits without JavaScript). */
export function kitsQueryOf(params: URLSearchParams): { query: KitsQuery; pages: number } {
  const values = (name: string) =>
    [
      ...new Set(
        params
          .getAll(name)
          .map((v) => v.trim().slice(0, 100))
          .filter(Boolean),
      ),
    ].slice(0, 20);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    query: {
      keyphrase: (params.get('keyphrase') ?? '').trim().slice(0, 200),
      filters: { brand: values('brand'), category: values('category') },
    },
    pages: Number.isFinite(page) ? Math.min(Math.max(page, 1), KITS_MAX_PAGES) : 1,
  };
}

/** A kit's price in its own currency (default EUR) as the market writes it: '1 299 kr', '€89.50'. */
export function formatKitPrice(amount: number, currency: string, locale: string): string {
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  };
  try {
    return numberFormat(locale, { ...options, currency: currency || 'EUR' }).format(amount);
  } catch {
    // A currency code the platform does not know: show the amount in euros rather than nothing.
    return numberFormat(locale, { ...options, currency: 'EUR' }).format(amount);
  }
}
