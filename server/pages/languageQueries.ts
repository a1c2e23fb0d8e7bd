import type { Response } from 'express';
import type { Language } from '../../markets/schema.js';
import type { SearchIndexKind, SearchIndexName } from '../../contracts/upstream/search.js';
import { filtersInLanguage, type LanguageSearch } from '../../client/shared/lists/filtersInLanguage.js';
import { UpstreamCallRefused } from '../searchCache/searchCache.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { LanguageQueries } from '../render/renderPage.js';
import type { PageDeps } from './pageDeps.js';

/**
 * A list page's query in each of the market's other languages, its worded filters in that language's
 * words (client/shared/lists/filtersInLanguage.ts; the island keeps the links so after each change). Through
 * the search cache, each language asked as its own pages ask it; a search it does not hold counts
 * against the client's `languageLookupsPerClient` first, and past that bound the word is not looked up.
 * A failed or refused look-up keeps the query as it is.
 */
export async function languageQueriesOf(
  kind: SearchIndexKind,
  query: URLSearchParams,
  res: Response,
  deps: Pick<PageDeps, 'searchCache' | 'logger' | 'limits'>,
  ctx: CallContext,
): Promise<LanguageQueries> {
  const { market, language: from } = res.locals;
  const { limiters, clientKey } = deps.limits;
  // The request's own key: a render the page cache makes apart from the request carries it in its locals.
  const client = res.locals.clientKey ?? clientKey(res.req);
  const admit = async () => (await limiters.languageLookupsPerClient.consume(client)).allowed;
  const search: LanguageSearch = async ({ language, ...body }) => {
    const inLanguage: CallContext = {
      ...ctx,
      language: language === market.languages[0] ? undefined : (language as Language),
    };
    const { value } = await deps.searchCache.search(
      { ...body, index: market.searchIndexes[kind] as SearchIndexName },
      inLanguage,
      admit,
    );
    return value;
  };
  const others = market.languages.filter((language) => language !== from);
  const queries = await Promise.all(
    others.map((to) =>
      filtersInLanguage(query, kind, from, to, search).catch((err: unknown) => {
        if (err instanceof UpstreamCallRefused)
          deps.logger.info({ requestId: ctx.requestId, to }, 'language link filters kept: the client looked up enough');
        else
          deps.logger.warn(
            { err, requestId: ctx.requestId, to },
            'language link filters not translated: kept as they are',
          );
        return query;
      }),
    ),
  );
  return Object.fromEntries(others.map((to, i) => [to, queries[i]]));
}
