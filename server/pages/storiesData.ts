import type { Request } from 'express';
import type { StoriesBlockData } from '../../views/blocks/StoriesBlock.js';
import { STORIES_MAX_LIMIT, STORIES_PAGE_SIZE, STORIES_TEASER_SIZE, type StoriesBlockSchema } from '../../contracts/upstream/content.js';
import type { z } from 'zod';
import type { BlockLoadRequest } from './blockData.js';
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
 * A stories block's stories. A teaser shows the newest 3 of its tag. A list shows `page` pages of 4
 * (fetched in parallel slices the service allows), of the block's tag or, when the editor set none,
 * the shopper's chip.
 */
export async function loadStoriesBlock(block: z.infer<typeof StoriesBlockSchema>, { req, res, ctx, deps }: BlockLoadRequest): Promise<StoriesBlockData> {
  const scope = contentScope(res);
  const content = deps.upstreams.content;
  if (block.teaser) {
    const page = await content.stories(scope, { tag: block.tag, offset: 0, limit: STORIES_TEASER_SIZE }, ctx);
    return { stories: page.items, total: page.total, tags: page.tags, tag: block.tag, pages: 1 };
  }
  const query = storiesQueryOf(req);
  const tag = block.tag ?? query.tag;
  const wanted = query.pages * STORIES_PAGE_SIZE;
  const slices = Array.from({ length: Math.ceil(wanted / STORIES_MAX_LIMIT) }, (_, i) => i * STORIES_MAX_LIMIT);
  const pages = await Promise.all(
    slices.map((offset) => content.stories(scope, { tag, offset, limit: Math.min(STORIES_MAX_LIMIT, wanted - offset) }, ctx)),
  );
  const first = pages[0]!;
  return { stories: pages.flatMap((p) => p.items), total: first.total, tags: first.tags, tag, pages: query.pages };
}
