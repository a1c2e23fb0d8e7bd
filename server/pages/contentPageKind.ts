import type { Request, Response } from 'express';
import type { ReactNode } from 'react';
import type { PageHead } from '../../views/pageHead.js';
import type { BlockDataMap } from '../../views/blocks/blockProps.js';
import type { ContentPage } from '../../contracts/upstream/content.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { LanguageQueries } from '../render/renderPage.js';
import type { PageDeps } from './pageDeps.js';

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
