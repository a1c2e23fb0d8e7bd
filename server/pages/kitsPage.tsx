import type { Response } from 'express';
import { pageSearchParams } from '../pageCache/pageKey.js';
import { facetsOf, type KitsResult } from '../../client/islands/kits/KitsSearch.js';
import { toKitItem } from '../../client/islands/kits/kitItem.js';
import { KITS_PAGE_SIZE, kitsQueryOf, kitsSearchBody, type KitsQuery } from '../../client/islands/kits/kitsQuery.js';
import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { KitsSection } from '../../views/pages/kits/KitsSection.js';
import { KitSearchResponseSchema, type SearchIndexName } from '../../contracts/upstream/search.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { ContentPageKind } from './contentPageKinds.js';
import type { PageDeps } from './pageDeps.js';

/**
 * The first `pages` pages of kits for a query: the very searches the island makes for them
 * (kitsSearchBody), through the search cache, in parallel.
 */
export async function searchKitPages(deps: Pick<PageDeps, 'searchCache'>, res: Response, query: KitsQuery, pages: number, ctx: CallContext): Promise<KitsResult> {
  const index = res.locals.market.searchIndexes.kits as SearchIndexName;
  const answers = await Promise.all(
    Array.from({ length: pages }, async (_, page) => {
      const body = kitsSearchBody(query, page * KITS_PAGE_SIZE);
      const { value } = await deps.searchCache.search({ ...body, index }, ctx);
      return KitSearchResponseSchema.parse(value);
    }),
  );
  const first = answers[0]!;
  return { kits: answers.flatMap((a) => a.content.map(toKitItem)), total: first.total_items, facets: facetsOf(first.facet) };
}

/** The kits page: its blocks, then the kits search (filters and pages from the query, so it works without JavaScript). */
export const kitsPage: ContentPageKind = async ({ page, blockData, req, res, ctx, deps }) => {
  const { query, pages } = kitsQueryOf(pageSearchParams(req));
  // Search failure: logged, and the island shows its error text (a later search may still succeed).
  const initial = await searchKitPages(deps, res, query, pages, ctx).catch((err: unknown) => {
    deps.logger.warn({ err, requestId: ctx.requestId }, 'kits search failed');
    res.locals.pageIncomplete = true;
    return null;
  });
  return {
    body: (
      <ContentPageView page={page} blockData={blockData}>
        <KitsSection query={query} initial={initial} />
      </ContentPageView>
    ),
  };
};
