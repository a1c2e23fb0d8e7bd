import { queryInPlace } from '../lists/queryInPlace.js';

/** The stories list writes only its `page` into a URL; every other parameter (the tag, campaign tags) stays in place. */
const isStoriesPageParam = (name: string) => name === 'page';

/** A tag chip owns the tag as well, and takes the shopper back to the first page. */
const isStoriesListParam = (name: string) => name === 'page' || name === 'tag';

/** A tag chip's query ('?…' or ''): `tag` set (none for 'all'), `page` gone, every other parameter kept in place. */
export function storiesTagQuery(search: string, tag: string | null): string {
  return queryInPlace(search, isStoriesListParam, tag ? new URLSearchParams({ tag }) : '');
}

/** A URL's query ('?…') with `page` set to this many pages, everything else kept in place. */
export function storiesPageQuery(search: string, pages: number): string {
  return queryInPlace(search, isStoriesPageParam, new URLSearchParams({ page: String(pages) }));
}

/** The plain link to the list with one more page: the server renders `page` pages; the anchor is the first new card. */
export function loadMoreHref(
  current: URL | { pathname: string; search: string },
  shownPages: number,
  blockId: string,
  shown: number,
): string {
  return `${current.pathname}${storiesPageQuery(current.search, shownPages + 1)}#${blockId}-story-${shown}`;
}
