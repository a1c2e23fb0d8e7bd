import { useEffect, useRef, useState, type RefObject } from 'react';
import { CAR_LIST_PAGE_SIZE, KEYPHRASE_DEBOUNCE_MS } from '../../shared/carList/carListConfig.js';
import {
  carListQuery,
  EMPTY_STATE,
  isCarListParam,
  parseCarListState,
  withKeyphrase,
  withPage,
  type CarListState,
} from '../../shared/carList/carListUrlState.js';
import { withFacetsToUndo, type CarListResults } from '../../shared/carList/carListResults.js';
import type { CarSummary } from '../../shared/cars/carSummary.js';
import { queryInPlace } from '../../shared/lists/queryInPlace.js';
import { keepQueryOnLanguageLinks } from '../../lists/languageLinks.js';
import { usePagedList, type PagedShape } from '../../lists/usePagedList.js';
import type { CarListProps } from './carListTypes.js';
import { fetchCarList } from './fetchCarList.js';
import { saveListScroll, useCarListScroll } from './useCarListScroll.js';

const CAR_PAGES: PagedShape<CarListResults, CarSummary> = {
  pageSize: CAR_LIST_PAGE_SIZE,
  items: (shown) => shown.cars,
  total: (shown) => shown.total,
  fromPage: (shown) => shown.fromPage ?? 0,
  key: (car) => car.id,
  withItems: (shown, cars, total) => ({ ...shown, cars, total, fromPage: 0, failed: false }),
  // A failed 'load more' keeps the cars shown; a failed new list shows none, with the facets to undo it.
  failed: (shown, kind) =>
    kind === 'replace' ? { cars: [], facets: shown.facets, total: 0, failed: true } : { ...shown, failed: true },
};

/**
 * The car list's state, which is its URL: every change is one history entry (load-more replaces the entry, so
 * Back undoes filters, not pages), and Back shows the list as it was, scroll included. It starts from exactly
 * what the server rendered, so hydration searches nothing; a tab's answers are kept, so Back searches nothing.
 */
export function useCarList(props: CarListProps, resultsSection: RefObject<HTMLElement | null>) {
  const { path, defaults } = props;
  const quoted = props.card.monthly?.source === 'financeQuote';
  const unit = props.card.format.mileageUnit;
  const [state, setState] = useState(props.state);
  const [keyphrase, setKeyphrase] = useState(props.state.keyphrase);
  const list = usePagedList(props.results, CAR_PAGES);
  const scroll = useCarListScroll(list.loading, list.shown, list.busy, resultsSection);
  const latestState = useRef(state);
  const cache = useRef(new Map<string, CarListResults>());
  const keyphraseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** The address bar for a state: the list's parameters canonical, every other one (campaign tags) kept in place. */
  const addressOf = (s: CarListState) => `${path}${queryInPlace(location.search, isCarListParam, carListQuery(s))}`;
  const enter = (next: CarListState) => {
    latestState.current = next;
    setState(next);
  };
  const remember = (s: CarListState) => (shown: CarListResults | null) => {
    if (shown) cache.current.set(carListQuery(s), shown);
  };

  /** Shows a state's first pages: from memory when this tab has seen them, else from /api/search. */
  const show = (next: CarListState) => {
    const known = cache.current.get(carListQuery(next));
    if (known) return list.show(known);
    void list
      .replace(async (signal) =>
        withFacetsToUndo(
          next,
          await fetchCarList(next, signal, defaults, 0, next.page, quoted),
          async () =>
            cache.current.get(carListQuery(EMPTY_STATE)) ?? fetchCarList(EMPTY_STATE, signal, defaults, 0, 0, quoted),
        ),
      )
      .then(remember(next));
  };

  /** The pages after the cars shown, up to the state's page. */
  const more = (s: CarListState) =>
    void list.more((fromPage, signal) => fetchCarList(s, signal, defaults, fromPage, s.page, quoted)).then(remember(s));

  /** A deep link (`?page=N`): the pages before the one the server rendered, the shopper kept where they were. */
  const earlier = () => {
    const s = latestState.current;
    void list
      .earlier((toPage, signal) => fetchCarList(s, signal, defaults, 0, toPage, quoted), scroll.keepPlace)
      .then(remember(s));
  };

  /** One change of filters, keyphrase or sort: a new history entry and page 0. */
  const change = (next: CarListState) => {
    if (carListQuery(next) === carListQuery(latestState.current)) return;
    saveListScroll();
    history.pushState({}, '', addressOf(next));
    keepQueryOnLanguageLinks(location.search, 'cars');
    enter(next);
    show(next);
  };

  const loadMore = () => {
    // A deep link's earlier pages are still on their way (or failed: retry fetches them).
    if (list.latest.current.fromPage) return;
    const next = withPage(latestState.current, latestState.current.page + 1);
    history.replaceState(history.state, '', addressOf(next));
    keepQueryOnLanguageLinks(location.search, 'cars');
    enter(next);
    more(next);
  };

  const retry = () => {
    const shown = list.latest.current;
    if (shown.fromPage) earlier();
    else if (shown.cars.length < CAR_LIST_PAGE_SIZE) show(latestState.current);
    else more(latestState.current);
  };

  const typeKeyphrase = (text: string) => {
    setKeyphrase(text);
    clearTimeout(keyphraseTimer.current);
    keyphraseTimer.current = setTimeout(() => change(withKeyphrase(latestState.current, text)), KEYPHRASE_DEBOUNCE_MS);
  };

  /** The form is what works without JavaScript; with it, a submit reads the same fields the server would. */
  const submit = (fields: URLSearchParams, settle: (state: CarListState) => CarListState) => {
    clearTimeout(keyphraseTimer.current);
    change(settle(parseCarListState(fields, unit)));
  };

  // Set up once: remember what the server rendered, write the canonical address, follow Back and Forward.
  useEffect(() => {
    if (!props.results.failed && !props.results.fromPage) cache.current.set(carListQuery(props.state), props.results);
    const canonical = addressOf(props.state);
    if (canonical !== location.pathname + location.search) history.replaceState(history.state, '', canonical);
    keepQueryOnLanguageLinks(location.search, 'cars');
    const onPop = () => {
      const next = parseCarListState(new URLSearchParams(location.search), unit);
      keepQueryOnLanguageLinks(location.search, 'cars');
      scroll.returnToSaved();
      enter(next);
      setKeyphrase(next.keyphrase);
      show(next);
    };
    window.addEventListener('popstate', onPop);
    earlier();
    return () => {
      window.removeEventListener('popstate', onPop);
      clearTimeout(keyphraseTimer.current);
    };
    // The server's first state and results are read once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    state,
    /** For handlers that run between renders (a facet's change is made on the latest state). */
    latestState,
    keyphrase,
    results: list.shown,
    loading: list.loading,
    change,
    loadMore,
    retry,
    typeKeyphrase,
    submit,
  };
}
