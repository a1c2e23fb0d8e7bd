import type { Response } from 'express';
import { facetsOf, type KitsResult } from '../../client/shared/kits/kitsResult.js';
import { toKitItem } from '../../client/shared/kits/kitItem.js';
import { KITS_PAGE_SIZE, kitsQueryOf, kitsSearchBody, type KitsQuery } from '../../client/shared/kits/kitsQuery.js';
import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { KitsSection } from '../../views/pages/kits/KitsSection.js';
import { KitSearchResponseSchema, type SearchIndexName } from '../../contracts/upstream/search.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { ContentPageKind } from './contentPageKind.js';
import type { PageDeps } from './pageDeps.js';
import { languageQueriesOf } from './languageQueries.js';

/**
 * The kits a query's URL shows: the first page (facets and total) and, for a deep link (`?page=N`),
 * page N alone (`fromPage`): at most two searches, the very ones the island makes, through the search
 * cache. The island fetches the pages before a deep one; without JavaScript show-more goes on from it.
 */
export async function searchKitPages(
  deps: Pick<PageDeps, 'searchCache'>,
  res: Response,
  query: KitsQuery,
  pages: number,
  ctx: CallContext,
): Promise<KitsResult> {
  const index = res.locals.market.searchIndexes.kits as SearchIndexName;
  const search = async (page: number) =>
    KitSearchResponseSchema.parse(
      (await deps.searchCache.search({ ...kitsSearchBody(query, page * KITS_PAGE_SIZE), index }, ctx)).value,
    );
  const first = await search(0);
  const result = { kits: first.content.map(toKitItem), total: first.total_items, facets: facetsOf(first.facet) };
  // A page past the end shows the last one.
  const page = Math.min(pages - 1, Math.max(0, Math.ceil(first.total_items / KITS_PAGE_SIZE) - 1));
  return page === 0 ? result : { ...result, kits: (await search(page)).content.map(toKitItem), fromPage: page };
}

/** The kits page: its blocks, then the kits search (filters and pages from the query, so it works without JavaScript). */
export const kitsPage: ContentPageKind = async ({ page, blockData, res, ctx, deps }) => {
  const params = res.locals.pageParams;
  const { query, pages } = kitsQueryOf(params);
  // Search failure: logged, and the island shows its error text (a later search may still succeed).
  const [initial, languageQueries] = await Promise.all([
    searchKitPages(deps, res, query, pages, ctx).catch((err: unknown) => {
      deps.logger.warn({ err, requestId: ctx.requestId }, 'kits search failed');
      res.locals.pageIncomplete = true;
      return null;
    }),
    languageQueriesOf('kits', params, res, deps, ctx),
  ]);
  return {
    languageQueries,
    body: (
      <ContentPageView page={page} blockData={blockData}>
        <KitsSection query={query} initial={initial} />
      </ContentPageView>
    ),
  };
};
