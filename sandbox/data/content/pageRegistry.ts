import type { ContentPage } from '../../../contracts/upstream/content.js';
import type { PageInput } from './pageShell.js';
import { targetPages } from './targetPages.js';

/** Makes a market's pages that are not navigation pages (or replaces one), in one language. */
export type PageProvider = (input: PageInput) => ContentPage[];

/**
 * The one registration point for pages outside the navigation tree: add a provider (its own file) here.
 * A provider's page on a tree path replaces the tree's page (the booking page keeps its navigation path).
 */
export const PAGE_PROVIDERS: PageProvider[] = [
  targetPages,
];
