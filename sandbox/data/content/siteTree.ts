import type { NavKey } from './contentTexts.js';

export type PageType = 'content' | 'carList' | 'kits' | 'storyList' | 'siteList';

export interface PageEntry {
  key: NavKey;
  path: string;
  pageType: PageType;
  published: boolean;
  /** Keys from the top level down to the parent. */
  ancestors: NavKey[];
}

/**
 * The market's pages by path. Slugs come from the market's default language so every language of a
 * market shares its paths (the language switch keeps the path).
 */
export interface SiteTree {
  pages: Map<string, PageEntry>;
  pathByKey: Map<NavKey, string>;
}
