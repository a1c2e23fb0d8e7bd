import type { Request } from 'express';
import type { StoriesBlockData } from '../../views/blocks/blockProps.js';
import { STORIES_PAGE_SIZE, STORIES_TEASER_SIZE, type StoriesBlockSchema } from '../../contracts/upstream/content.js';
import type { z } from 'zod';
import type { BlockLoadRequest } from './blockLoadRequest.js';
import { contentScope } from './loadLayout.js';

/** A shared link may ask for many pages; beyond this the shopper uses load-more (100 stories). */
export const STORIES_MAX_PAGES = 25;

/** The shopper's tag chip (`?tag=`) and how many pages of stories are shown (`?page=`, the load-more link without JavaScript). */
export function storiesQueryOf(req: Request): { tag: string | null; pages: number } {
  const tag = typeof req.query.tag === 'string' ? req.query.tag.trim().slice(0, 100) : '';
  const page = typeof req.query.page === 'string' ? Number.parseInt(req.query.page, 10) : 1;
  return { tag: tag || null, pages: Number.isFinite(page) ? Math.min(Math.max(page, 1), STORIES_MAX_PAGES) : 1 };
}

/**
 * A stories block's stories. A teaser shows the newest 3 of its tag. A list shows the page of 4 the URL
 * names (`?page=N`, the load-more link without JavaScript), of the block's tag or, when the editor set
 * none, the shopper's chip: one call to the content service however deep the link (two for a page past
 * the end, which shows the last one). The stories script fetches the pages before a deep one.
 */
export async function loadStoriesBlock(
  block: z.infer<typeof StoriesBlockSchema>,
  { req, res, ctx, deps }: BlockLoadRequest,
): Promise<StoriesBlockData> {
  const scope = contentScope(res);
  const content = deps.upstreams.content;
  if (block.teaser) {
    const page = await content.stories(scope, { tag: block.tag, offset: 0, limit: STORIES_TEASER_SIZE }, ctx);
    return { stories: page.items, total: page.total, tags: page.tags, tag: block.tag, pages: 1, fromPage: 0 };
  }
  const query = storiesQueryOf(req);
  const tag = block.tag ?? query.tag;
  const pageOf = (page: number) =>
    content.stories(scope, { tag, offset: page * STORIES_PAGE_SIZE, limit: STORIES_PAGE_SIZE }, ctx);
  let fromPage = query.pages - 1;
  let found = await pageOf(fromPage);
  const lastPage = Math.max(0, Math.ceil(found.total / STORIES_PAGE_SIZE) - 1);
  if (fromPage > lastPage) found = await pageOf((fromPage = lastPage));
  return { stories: found.items, total: found.total, tags: found.tags, tag, pages: fromPage + 1, fromPage };
}
