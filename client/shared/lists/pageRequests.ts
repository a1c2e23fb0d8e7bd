/**
 * A list's deep link (`?page=N`: car list, kits, stories) is rendered on the server with page N alone,
 * so it costs what the first page does; the page's script then fetches the pages before it with these
 * requests and puts them above what the shopper is looking at, keeping it in place.
 */

/** Pages one request asks for at most (/api/search answers up to 100 items; a list page is 48). */
export const PAGES_PER_REQUEST = 2;

/**
 * The requests for pages `fromPage`..`toPage`: page 0 alone, exactly as the server searched it (with
 * its facets: the cache entry the server filled), then pairs of pages from page 1 on (the same pairs
 * whatever the deep page, so a repeat finds them cached), and a last lone page as load-more asks for it.
 */
export function pageRequests(
  fromPage: number,
  toPage: number,
  pageSize: number,
): { page: number; offset: number; limit: number }[] {
  const requests: { page: number; offset: number; limit: number }[] = [];
  let page = fromPage;
  if (page === 0 && toPage >= 0) requests.push({ page: page++, offset: 0, limit: pageSize });
  for (; page <= toPage; page += PAGES_PER_REQUEST) {
    requests.push({ page, offset: page * pageSize, limit: Math.min(PAGES_PER_REQUEST, toPage - page + 1) * pageSize });
  }
  return requests;
}
