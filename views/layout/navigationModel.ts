import type { NavigationItem } from '../../contracts/upstream/content.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';

/** A menu entry as the header renders it. */
export interface NavEntry {
  id: string;
  label: string;
  href: string;
  external: boolean;
  /** This entry is the current page or one of its ancestors (part 2 §4.4: TopSelected). */
  selected: boolean;
  /** The current page itself, for aria-current. */
  current: boolean;
  children: NavEntry[];
}

/** Paths compare without a trailing slash, so /nyheter/ and /nyheter are the same page. */
function samePath(a: string, b: string): boolean {
  return withoutTrailingSlashes(a) === withoutTrailingSlashes(b);
}

/**
 * The content service's navigation tree as menu entries for the page at `currentPath`.
 *
 * When an item's path matches the current path, it and all its ancestors are selected; when none
 * matches, nothing is. Selection is decided on the whole tree before hidden items are dropped, so a
 * page that is hidden from menus still marks its section. External links never match.
 */
export function navigationFor(items: readonly NavigationItem[], currentPath: string): NavEntry[] {
  return visibleEntries(items, currentPath);
}

function visibleEntries(items: readonly NavigationItem[], currentPath: string): NavEntry[] {
  return items.flatMap((item) => {
    const entry = toEntry(item, currentPath);
    return item.hideInNavigation ? [] : [entry];
  });
}

function toEntry(item: NavigationItem, currentPath: string): NavEntry {
  const current = item.externalLink === null && samePath(item.url.path, currentPath);
  return {
    id: item.id,
    label: item.navigationTitle ?? item.name,
    href: item.externalLink ?? item.url.path,
    external: item.externalLink !== null,
    selected: current || item.children.some((child) => containsPath(child, currentPath)),
    current,
    children: visibleEntries(item.children, currentPath),
  };
}

function containsPath(item: NavigationItem, currentPath: string): boolean {
  return (
    (item.externalLink === null && samePath(item.url.path, currentPath)) ||
    item.children.some((c) => containsPath(c, currentPath))
  );
}
