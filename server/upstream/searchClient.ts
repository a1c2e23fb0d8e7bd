import { SearchResponseSchema, type SearchRequest, type SearchResponse } from '../../contracts/upstream/search.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

/** The search service: one POST per query. Callers go through the search cache, not straight here. */
export class SearchClient {
  constructor(private readonly http: UpstreamHttp) {}

  query(request: SearchRequest, ctx: CallContext = {}): Promise<SearchResponse> {
    return this.http.json({ method: 'POST', path: '/query', body: request, schema: SearchResponseSchema }, ctx);
  }
}
