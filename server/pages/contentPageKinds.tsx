import type { Request, Response } from 'express';
import type { ReactNode } from 'react';
import type { PageHead } from '../../views/Document.js';
import type { BlockDataMap } from '../../views/blocks/blockProps.js';
import { ContentPageView } from '../../views/pages/ContentPageView.js';
import type { ContentPage } from '../../contracts/upstream/content.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import { bookingPage } from './bookingPage.js';
import { kitsPage } from './kitsPage.js';
import { carListPageKind } from './carListPage.js';
import type { PageDeps } from './pageDeps.js';
import type { LanguageQueries } from '../render/renderPage.js';
import { siteListPage } from './siteListPage.js';
import { storyPage } from './storyPage.js';

/** A content page found by path, its blocks' data already loaded, ready for its kind to add what it needs. */
export interface ContentPageRequest {
  page: ContentPage;
  blockData: BlockDataMap;
  req: Request;
  res: Response;
  ctx: CallContext;
  deps: PageDeps;
}

export interface ContentPageRender {
  body: ReactNode;
  /** Overrides of the head the content page gives (title, description, image, structured data). */
  head?: Partial<PageHead>;
  /** A list page's query in the market's other languages, for the language links. */
  languageQueries?: LanguageQueries;
}

/** A page type that loads more than its blocks (the car list's first page, the sites, the kits). */
export type ContentPageKind = (request: ContentPageRequest) => Promise<ContentPageRender>;

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
