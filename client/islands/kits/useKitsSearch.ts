import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { search, type SearchAnswer } from '../../api/search.js';
import { keepInPlace } from '../../lists/keepInPlace.js';
import { keepQueryOnLanguageLinks } from '../../lists/languageLinks.js';
import { usePagedList, type PagedShape } from '../../lists/usePagedList.js';
import { toKitItem, type KitDocument } from '../../shared/kits/kitItem.js';
import {
  isKitsParam,
  kitsFetchBodies,
  kitsQueryParams,
  kitsSearchBody,
  KITS_PAGE_SIZE,
  type KitItem,
  type KitsQuery,
} from '../../shared/kits/kitsQuery.js';
import { facetsOf, type KitsResult } from '../../shared/kits/kitsResult.js';
import { queryInPlace } from '../../shared/lists/queryInPlace.js';

/** What the kits show: null when a search failed (the error text instead of kits). */
type Shown = KitsResult | null;

const KIT_PAGES: PagedShape<Shown, KitItem> = {
  pageSize: KITS_PAGE_SIZE,
  items: (shown) => shown?.kits ?? [],
  total: (shown) => shown?.total ?? 0,
  fromPage: (shown) => shown?.fromPage ?? 0,
  key: (kit) => kit.kitId,
  withItems: (shown, kits, total) => ({ facets: facetsOf([]), ...shown, kits, total, fromPage: 0 }),
  failed: () => null,
};

function resultOf(answers: SearchAnswer<KitDocument>[]): KitsResult {
  return {
    kits: answers.flatMap((answer) => answer.content.map(toKitItem)),
    total: answers[0]?.total_items ?? 0,
    facets: facetsOf(answers[0]?.facet ?? []),
  };
}

/** Pages `fromPage`..`toPage` of a query, in as few searches as /api/search allows. */
async function searchKits(query: KitsQuery, signal: AbortSignal, fromPage: number, toPage = fromPage) {
  const bodies =
    fromPage === toPage ? [kitsSearchBody(query, fromPage * KITS_PAGE_SIZE)] : kitsFetchBodies(query, fromPage, toPage);
  return resultOf(await Promise.all(bodies.map((body) => search<KitDocument>(body, signal))));
}

/** The address bar with the kits' parameters: every other one (campaign tags) kept in place. */
function writeAddress(action: string, params: URLSearchParams): void {
  history.replaceState(history.state, '', `${action}${queryInPlace(location.search, isKitsParam, params)}`);
  keepQueryOnLanguageLinks(location.search, 'kits');
}

/**
 * The kits search's state: the query (search box and ticked filters), the kits shown (the server's first
 * page, a new search's, show-more's), and the address bar, which follows each answer without a history
 * entry. A deep link (`?page=N`) gets the pages before the one the server rendered, the shopper's view
 * kept in place; show-more waits for them; a new search replaces them. `list` holds the cards, for focus.
 */
export function useKitsSearch(action: string, initialQuery: KitsQuery, initial: Shown) {
  const [query, setQuery] = useState(initialQuery);
  const list = useRef<HTMLUListElement>(null);
  const paged = usePagedList(initial, KIT_PAGES);
  const firstNew = useRef<number | null>(null);
  const place = useRef<(() => void) | null>(null);
  const { shown, loading } = paged;

  const run = (next: KitsQuery) => {
    setQuery(next);
    void paged
      .replace((signal) => searchKits(next, signal, 0))
      .then((answer) => {
        if (answer) writeAddress(action, kitsQueryParams(next));
      });
  };

  const showMore = () => {
    const before = paged.latest.current;
    if (!before || before.fromPage || paged.busy()) return;
    void paged
      .more(
        (fromPage, signal) => searchKits(query, signal, fromPage),
        () => (firstNew.current = before.kits.length),
      )
      .then((answer) => {
        if (answer) writeAddress(action, kitsQueryParams(query, Math.ceil(answer.kits.length / KITS_PAGE_SIZE)));
      });
  };

  useEffect(() => {
    void paged.earlier(
      (toPage, signal) => searchKits(initialQuery, signal, 0, toPage),
      () => (place.current = keepInPlace(list.current?.firstElementChild)),
    );
    // The server's result is read once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    place.current?.();
    place.current = null;
  }, [shown]);

  // Show-more's first new kit takes the focus.
  useEffect(() => {
    if (firstNew.current === null) return;
    list.current?.querySelectorAll<HTMLButtonElement>('.kit-card__open')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [shown]);

  return {
    query,
    result: shown,
    /** A search or show-more under way (not a deep link's earlier pages). */
    busy: loading === 'replace' || loading === 'more',
    list,
    run,
    showMore,
  };
}
