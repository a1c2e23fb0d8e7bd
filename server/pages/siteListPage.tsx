import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { SiteListView } from '../../views/pages/sites/SiteListView.js';
import type { ContentPageKind } from './contentPageKinds.js';
import { loadSiteList, SITE_SEARCH_THRESHOLD, type SiteListData } from './sitesData.js';

/** The site list: the page's blocks, then every site (or the shopper's search `?q=`) as cards. */
export const siteListPage: ContentPageKind = async ({ page, blockData, req, res, ctx, deps }) => {
  const keyphrase = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 200) : '';
  // A search failure is logged and shown as a message; the rest of the page stands.
  const list: SiteListData | null = await loadSiteList(deps, res, keyphrase, ctx).catch((err: unknown) => {
    deps.logger.warn({ err, requestId: ctx.requestId }, 'site list search failed');
    res.locals.pageIncomplete = true;
    return null;
  });
  return {
    body: (
      <ContentPageView page={page} blockData={blockData}>
        <SiteListView sites={list?.sites ?? null} allCount={list?.allCount ?? 0} searchThreshold={SITE_SEARCH_THRESHOLD} keyphrase={keyphrase} />
      </ContentPageView>
    ),
  };
};
