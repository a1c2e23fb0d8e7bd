import type { ContentBlock, ContentBlockType } from '../../server/upstream/contracts/content.js';

/** What every block component gets: its block, and whether it opens the page (and so holds the h1). */
export interface BlockProps<T extends ContentBlockType> {
  block: Extract<ContentBlock, { type: T }>;
  first: boolean;
}
