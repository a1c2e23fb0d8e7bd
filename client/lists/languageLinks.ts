import type { SearchIndexKind } from '../../contracts/upstream/search.js';
import { pageLanguage } from '../api/bffFetch.js';
import { search } from '../api/search.js';
import { filtersInLanguage, type LanguageSearch } from '../shared/lists/filtersInLanguage.js';

/** The BFF's search in a language other than the page's (the body's language wins over the page's). */
const bffSearch: LanguageSearch = (body) => search(body);

let latestCall = 0;

/**
 * The header's language links to this same page (`data-same-page`, views/layout/LanguageSwitch.tsx)
 * carry the list's query: the server wrote it for the first state, this keeps it for every later one,
 * with the worded filters in each link's language (filtersInLanguage.ts). A link changes once its
 * words are known (a later call wins); if they cannot be found it keeps the query as it is.
 */
export function keepQueryOnLanguageLinks(search: string, kind: SearchIndexKind): void {
  const call = ++latestCall;
  const from = pageLanguage();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.language-switch a[data-same-page]')) {
    const url = new URL(link.href, location.href);
    const to = link.hreflang || from;
    void filtersInLanguage(new URLSearchParams(search), kind, from, to, bffSearch)
      .catch(() => new URLSearchParams(search))
      .then((query) => {
        if (call !== latestCall) return;
        url.search = query.toString();
        link.setAttribute('href', url.pathname + url.search);
      });
  }
}
