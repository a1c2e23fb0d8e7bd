import type { ContentPage } from '../../../contracts/upstream/content.js';
import type { PageInput } from './pageShell.js';
import { bookingPages } from './bookingPage.js';
import { leadFormPages } from './leadFormPages.js';
import { targetPages } from './targetPages.js';
import { servicePages } from './servicePages.js';

/**
 * Makes a market's pages that are not navigation pages (or replaces one), in one language; `built`
 * holds the pages made so far (the tree's, the stories' and earlier providers'), for a provider that
 * reworks one of them.
 */
export type PageProvider = (input: PageInput, built: ReadonlyMap<string, ContentPage>) => ContentPage[];

/**
 * The one registration point for pages outside the navigation tree: add a provider (its own file) here.
 * A provider's page on a tree path replaces the tree's page (the booking page keeps its navigation path).
 */
export const PAGE_PROVIDERS: PageProvider[] = [targetPages, servicePages, leadFormPages, bookingPages];
