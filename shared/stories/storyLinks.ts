/** "Visar 4 av 9": the shown-of-total text of the stories list (no JSX here: the stories script imports it). */
export const fillShowing = (template: string, shown: number, total: number): string =>
  template.replace('{shown}', String(shown)).replace('{total}', String(total));

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
