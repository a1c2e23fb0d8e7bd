import { ContentPageView } from '../../views/pages/ContentPageView.js';
import type { ContentPage } from '../../contracts/upstream/content.js';
import { bookingPage } from './bookingPage.js';
import { kitsPage } from './kitsPage.js';
import { carListPageKind } from './carListPage.js';
import type { ContentPageKind, ContentPageRender, ContentPageRequest } from './contentPageKind.js';
import { siteListPage } from './siteListPage.js';
import { storyPage } from './storyPage.js';

/** The one map from a content page type to what renders it; a type not listed is its blocks alone. */
const CONTENT_PAGE_KINDS: Partial<Record<ContentPage['pageType'], ContentPageKind>> = {
  carList: carListPageKind,
  story: storyPage,
  siteList: siteListPage,
  kits: kitsPage,
  booking: bookingPage,
};

export function renderContentPageKind(request: ContentPageRequest): Promise<ContentPageRender> {
  const kind = CONTENT_PAGE_KINDS[request.page.pageType];
  if (kind) return kind(request);
  return Promise.resolve({ body: <ContentPageView page={request.page} blockData={request.blockData} /> });
}
