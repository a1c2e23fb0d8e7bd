import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { SiteListSection } from '../../views/pages/sites/SiteListSection.js';
import type { ContentPageKind } from './contentPageKind.js';
import { siteKeyphrase, siteListFilters } from '../../client/shared/sites/siteListQuery.js';
import { loadSiteList, SITE_SEARCH_THRESHOLD, type SiteListData } from './sitesData.js';
import { languageQueriesOf } from './languageQueries.js';

/** The site list: the page's blocks, then every site (or the shopper's search `?q=`) as cards, searched as typed. */
export const siteListPage: ContentPageKind = async ({ page, blockData, res, ctx, deps }) => {
  const query = res.locals.pageParams;
  const keyphrase = siteKeyphrase(query);
  const filters = siteListFilters(query);
  const { t } = res.locals;
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
        <SiteListSection
          sites={list?.sites ?? null}
          keyphrase={keyphrase}
          searchable={(list?.allCount ?? 0) > SITE_SEARCH_THRESHOLD || keyphrase !== ''}
          query={query.toString()}
          // Each filter value is a chip whose link is this page without it.
          filters={filters.flatMap((filter) =>
            filter.values.map((value) => ({
              field: filter.field,
              value,
              label: `${t(`sites.filter.${filter.field}`)}: ${value}`,
            })),
          )}
        />
      </ContentPageView>
    ),
  };
};
