import type { Request, Response } from 'express';
import type { ContentPage } from '../../contracts/upstream/content.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { PageDeps } from './pageDeps.js';

/** What a block's data loader gets (server/pages/blockData.ts holds the loaders by block type). */
export interface BlockLoadRequest {
  req: Request;
  res: Response;
  ctx: CallContext;
  deps: PageDeps;
  /** The page's type, for blocks that behave per page type (the service request on an 'mc' page). */
  pageType?: ContentPage['pageType'];
}
