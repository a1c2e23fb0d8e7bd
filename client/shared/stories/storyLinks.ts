/** The plain link to the list with one more page: the server renders `page` pages; the anchor is the first new card. */
export function loadMoreHref(
  current: URL | { pathname: string; search: string },
  shownPages: number,
  blockId: string,
  shown: number,
): string {
  const params = new URLSearchParams(current.search);
  params.set('page', String(shownPages + 1));
  return `${current.pathname}?${params.toString()}#${blockId}-story-${shown}`;
}
