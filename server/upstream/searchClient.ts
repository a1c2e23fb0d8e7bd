import { SearchResponseSchema, type SearchRequest, type SearchResponse } from '../../contracts/upstream/search.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

/** The search service: one POST per query. Callers go through the search cache, not straight here. */
export class SearchClient {
  constructor(private readonly http: UpstreamHttp) {}

  query(request: SearchRequest, ctx: CallContext = {}): Promise<SearchResponse> {
    return this.http.json(
      // A search changes nothing: a connection the service closed as it was reused (a keep-alive race on a busy
      // machine: CI's redirects check saw three car pages 503) is asked again rather than failing the page.
      { method: 'POST', path: '/query', body: request, schema: SearchResponseSchema, idempotent: true },
      ctx,
    );
  }
}
