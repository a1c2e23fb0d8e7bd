import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { pageSearchParams } from '../pageCache/pageKey.js';
import { SiteListView } from '../../views/pages/sites/SiteListView.js';
import type { ContentPageKind } from './contentPageKinds.js';
import type { SiteFilterChip } from '../../views/pages/sites/SiteFilterChips.js';
import { siteListFilters, withoutFilter } from './siteListFilters.js';
import { loadSiteList, SITE_SEARCH_THRESHOLD, type SiteListData } from './sitesData.js';
import { languageQueriesOf } from './languageQueries.js';

/** The site list: the page's blocks, then every site (or the shopper's search `?q=`) as cards. */
export const siteListPage: ContentPageKind = async ({ page, blockData, req, res, ctx, deps }) => {
  const keyphrase = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 200) : '';
  const query = pageSearchParams(req);
  const filters = siteListFilters(query);
  const { t } = res.locals;
  // Each filter value is a chip whose link is this page without it (the query part; the view adds the path).
  const chips: SiteFilterChip[] = filters.flatMap((filter) =>
    filter.values.map((value) => ({
      label: `${t(`sites.filter.${filter.field}`)}: ${value}`,
      search: withoutFilter(query, { field: filter.field, value }),
    })),
  );
  // A search failure is logged and shown as a message; the rest of the page stands.
  const [list, languageQueries] = await Promise.all([
    loadSiteList(deps, res, keyphrase, ctx, filters).catch((err: unknown): SiteListData | null => {
      deps.logger.warn({ err, requestId: ctx.requestId }, 'site list search failed');
      res.locals.pageIncomplete = true;
      return null;
    }),
    languageQueriesOf('sites', query, res, deps, ctx),
  ]);
  return {
    languageQueries,
    body: (
      <ContentPageView page={page} blockData={blockData}>
        <SiteListView
          sites={list?.sites ?? null}
          allCount={list?.allCount ?? 0}
          searchThreshold={SITE_SEARCH_THRESHOLD}
          keyphrase={keyphrase}
          filters={{
            chips,
            hidden: filters.flatMap((f) => f.values.map((value) => ({ name: f.field, value }))),
            clearSearch: withoutFilter(query),
          }}
        />
      </ContentPageView>
    ),
  };
};
