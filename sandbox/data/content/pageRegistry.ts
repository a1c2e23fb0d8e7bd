import type { PageProvider } from './pageShell.js';
import { bookingPages } from './bookingPage.js';
import { leadFormPages } from './leadFormPages.js';
import { targetPages } from './targetPages.js';
import { servicePages } from './servicePages.js';

/**
 * The one registration point for pages outside the navigation tree: add a provider (its own file) here.
 * A provider's page on a tree path replaces the tree's page (the booking page keeps its navigation path).
 */
export const PAGE_PROVIDERS: PageProvider[] = [targetPages, servicePages, leadFormPages, bookingPages];
