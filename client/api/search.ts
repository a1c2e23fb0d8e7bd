import type { SearchFacet, SearchIndexKind } from '../../contracts/upstream/search.js';
import { BffCallError, callBff } from './bffCall.js';

/**
 * The one client module that asks the BFF's search (`POST /api/search`, docs/api.md): the car list, the
 * kits, the compare list, the language switch's filter words and the site search all search through it.
 * The body is what the BFF allows (server/api/searchRoutes.ts ApiSearchBodySchema: the index by its kind,
 * `cars`, `sites` or `kits`); the page's language is added by bffFetch.
 */
export interface SearchBody {
  index: SearchIndexKind;
  fields?: readonly string[];
  keyphrase?: string;
  facets?: readonly string[];
  limit?: number;
  offset?: number;
  sort_name?: string;
  filters?: readonly { field: string; values: readonly (string | number | boolean)[] }[];
  /** A language other than the page's (the language switch's look-ups); unset, the page's. */
  language?: string;
}

/** The search's answer; `content` holds the documents with the fields asked for. */
export interface SearchAnswer<Doc = Record<string, unknown>> {
  content: Doc[];
  facet: SearchFacet[];
  total_items: number;
}

/** Searches; a failure (an error answer, no answer) rejects with a BffCallError carrying it, and so does an abort. */
export async function search<Doc = Record<string, unknown>>(
  body: SearchBody,
  signal?: AbortSignal,
): Promise<SearchAnswer<Doc>> {
  const result = await callBff<SearchAnswer<Doc>>('/api/search', { method: 'POST', json: body, signal });
  if (!result.ok) throw new BffCallError('/api/search', result);
  return result.value;
}
