import { bffFetch } from '../../api/bffFetch.js';

/**
 * The site list's search through the BFF (`POST /api/search`). It stands in for the client API layer's one
 * search function (client/api/search.ts, issue 36) until that is on main, with its signature: the island then
 * swaps to it by its import alone.
 */
export async function search<Doc = Record<string, unknown>>(
  body: object,
  signal?: AbortSignal,
): Promise<{ content: Doc[]; total_items: number }> {
  const response = await bffFetch('/api/search', { method: 'POST', json: body, signal });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return (await response.json()) as { content: Doc[]; total_items: number };
}
