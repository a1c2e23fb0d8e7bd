import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { formatDistance, formatMileage, formatNumber, formatPrice } from '../../shared/cars/formatCar.js';
import { CompareToggle } from '../../compare/CompareToggle.js';
import { carToKeep } from '../../saved/savedCars.js';
import { SaveToggle } from '../../saved/SaveToggle.js';
import { fillText, countText } from '../../../markets/translations/plural.js';
import {
  CAR_LIST_PAGE_SIZE,
  CAR_LIST_TOTAL_CAP,
  CAR_SORTS,
  DISTANCE_FIELDS,
  KEYPHRASE_DEBOUNCE_MS,
  RANGE_FACETS,
  TERM_FACETS,
  type CarSortName,
  type UrlRangeField,
} from '../../shared/carList/carListConfig.js';
import {
  carListHref,
  carListQuery,
  EMPTY_STATE,
  isCarListParam,
  activeFilterCount,
  parseCarListState,
  toggleTerm,
  withKeyphrase,
  withPage,
  withRange,
  withSort,
  type CarListState,
} from '../../shared/carList/carListUrlState.js';
import type { CarListProps } from './carListTypes.js';
import { withFacetsToUndo, type CarListResults } from '../../shared/carList/carListResults.js';
import { ActiveFilters } from './ActiveFilters.js';
import { distanceRangeInUnit, distanceToKm, rangeExtentsInIndexUnits } from '../../shared/carList/distanceRange.js';
import { CarResults } from './CarResults.js';
import { fetchCarList } from './fetchCarList.js';
import { keepInPlace } from '../../lists/keepInPlace.js';
import { queryInPlace } from '../../shared/lists/queryInPlace.js';
import { keepQueryOnLanguageLinks } from '../../lists/languageLinks.js';
import { keepScrollSaved } from '../../lists/scrollMemory.js';
import { RangeFacet } from './RangeFacet.js';
import { withoutFullSpans } from '../../shared/carList/rangeRules.js';
import { TermFacet } from './TermFacet.js';

const PRICE_FIELDS = new Set(['car_price', 'car_campaign_price', 'car_retail_price']);

function savedScroll(state: unknown): number | null {
  const y = (state as { carListScrollY?: unknown } | null)?.carListScrollY;
  return typeof y === 'number' ? y : null;
}
function saveScroll(): void {
  history.replaceState({ ...(history.state as object | null), carListScrollY: window.scrollY }, '');
}

/**
 * The car list island. Its state is its URL: every change is one history entry (load-more replaces
 * the entry, so Back undoes filters, not pages), and Back shows the list as it was, scroll included.
 * It starts from exactly what the server rendered, so hydration searches nothing.
 */
export function CarList(props: CarListProps) {
  const { path, carDetailBase, texts, card } = props;
  const keep = useMemo(() => new URLSearchParams(props.keep), [props.keep]);
  const [state, setState] = useState(props.state);
  const [results, setResults] = useState<CarListResults>(props.results);
  const [loading, setLoading] = useState<'replace' | 'more' | 'earlier' | null>(null);
  const [keyphrase, setKeyphrase] = useState(props.state.keyphrase);
  const latest = useRef({ state, results });
  const cache = useRef(new Map<string, CarListResults>());
  const inFlight = useRef<AbortController | null>(null);
  const keyphraseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingScroll = useRef<number | null>(null);
  /** A deep link's cars, kept where the shopper saw them once the pages before them are in (client/shared/lists/pageRequests.ts). */
  const pendingPlace = useRef<(() => void) | null>(null);
  const resultsSection = useRef<HTMLElement>(null);
  const keyphraseId = useId();
  const sortId = useId();
  const filtersId = useId();
  const resultsId = useId();

  useEffect(() => {
    latest.current = { state, results };
  }, [state, results]);

  const hrefOf = (s: CarListState) => carListHref(path, s, keep);
  /** The address bar for a state: the list's parameters canonical, every other one (campaign tags) kept in place. */
  const addressOf = (s: CarListState) => `${path}${queryInPlace(location.search, isCarListParam, carListQuery(s))}`;
  const { locale } = card.format;
  const formatCount = (n: number) => (n > CAR_LIST_TOTAL_CAP ? `${CAR_LIST_TOTAL_CAP}+` : formatNumber(n, locale));
  const unit = card.format.mileageUnit;
  // Every figure a chip shows is the URL's (km for mileage), written in the market's unit.
  const formatRange = (field: UrlRangeField, value: number) =>
    PRICE_FIELDS.has(field)
      ? formatPrice(value, props.currency, locale)
      : DISTANCE_FIELDS.has(field)
        ? formatMileage(value, card.format)
        : field === 'car_year'
          ? String(value)
          : formatNumber(value, locale);
  // 'Full span' (no filter) is decided here, in the index's units, for the sliders and the plain form alike.
  const extents = useMemo(() => rangeExtentsInIndexUnits(results.facets, unit), [results.facets, unit]);

  /** Shows a state's results: from memory when this tab has seen them, else pages `fromPage`..page from /api/search. */
  const load = async (next: CarListState, fromPage = 0) => {
    inFlight.current?.abort();
    const key = carListQuery(next);
    const known = fromPage === 0 ? cache.current.get(key) : undefined;
    if (known) {
      inFlight.current = null;
      setLoading(null);
      setResults(known);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(fromPage === 0 ? 'replace' : 'more');
    const before = latest.current.results;
    try {
      const fetched = await withFacetsToUndo(
        next,
        await fetchCarList(next, controller.signal, props.defaults, fromPage),
        async () =>
          cache.current.get(carListQuery(EMPTY_STATE)) ?? fetchCarList(EMPTY_STATE, controller.signal, props.defaults),
      );
      // More pages of the same list keep its facets (only a first page asks for them).
      const merged =
        fromPage === 0
          ? fetched
          : {
              ...fetched,
              facets: before.facets,
              cars: [...before.cars.slice(0, fromPage * CAR_LIST_PAGE_SIZE), ...fetched.cars],
            };
      cache.current.set(key, merged);
      setResults(merged);
    } catch {
      if (controller.signal.aborted) return;
      setResults(
        fromPage === 0 ? { cars: [], facets: before.facets, total: 0, failed: true } : { ...before, failed: true },
      );
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(null);
      }
    }
  };

  /** One change of filters, keyphrase or sort: a new history entry and page 0. */
  const change = (next: CarListState) => {
    if (carListQuery(next) === carListQuery(latest.current.state)) return;
    saveScroll();
    history.pushState({}, '', addressOf(next));
    keepQueryOnLanguageLinks(location.search, 'cars');
    latest.current = { ...latest.current, state: next };
    setState(next);
    void load(next);
  };

  /**
   * A deep link (`?page=N`): the server rendered page N alone, as cheap as the first page. The pages
   * before it come in as few requests as /api/search allows, and the shopper stays where they were:
   * at the scroll position this history entry saved (Back, reload), else on the cars they were shown.
   */
  const loadEarlier = async () => {
    const { state: current, results: shown } = latest.current;
    const upTo = shown.fromPage ?? 0;
    if (upTo === 0) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading('earlier');
    try {
      const earlier = await fetchCarList(current, controller.signal, props.defaults, 0, upTo - 1);
      const known = new Set(earlier.cars.map((car) => car.id));
      const merged: CarListResults = {
        ...shown,
        cars: [...earlier.cars, ...shown.cars.filter((car) => !known.has(car.id))],
        fromPage: 0,
        failed: false,
      };
      cache.current.set(carListQuery(current), merged);
      const saved = savedScroll(history.state);
      if (saved !== null) pendingScroll.current = saved;
      else pendingPlace.current = keepInPlace(resultsSection.current?.querySelector('.car-grid > li'));
      setResults(merged);
    } catch {
      if (controller.signal.aborted) return;
      setResults({ ...latest.current.results, failed: true });
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(null);
      }
    }
  };

  const loadMore = () => {
    const { state: current, results: shown } = latest.current;
    // A deep link's earlier pages are still on their way (or failed: retry fetches them).
    if (shown.fromPage) return;
    const next = withPage(current, current.page + 1);
    history.replaceState(history.state, '', addressOf(next));
    keepQueryOnLanguageLinks(location.search, 'cars');
    latest.current = { ...latest.current, state: next };
    setState(next);
    void load(next, Math.floor(shown.cars.length / CAR_LIST_PAGE_SIZE));
  };

  const retry = () => {
    const { state: current, results: shown } = latest.current;
    if (shown.fromPage) return void loadEarlier();
    void load(current, Math.floor(shown.cars.length / CAR_LIST_PAGE_SIZE));
  };

  // Set up once: remember what the server rendered, take over scroll restoration, follow Back and Forward.
  useEffect(() => {
    if (!props.results.failed && !props.results.fromPage) cache.current.set(carListQuery(props.state), props.results);
    history.scrollRestoration = 'manual';
    const canonical = addressOf(props.state);
    if (canonical !== location.pathname + location.search) history.replaceState(history.state, '', canonical);
    keepQueryOnLanguageLinks(location.search, 'cars');
    const y = savedScroll(history.state);
    if (y !== null) window.scrollTo(0, y);
    const onPop = () => {
      const next = parseCarListState(new URLSearchParams(location.search), unit);
      keepQueryOnLanguageLinks(location.search, 'cars');
      pendingScroll.current = savedScroll(history.state);
      latest.current = { ...latest.current, state: next };
      setState(next);
      setKeyphrase(next.keyphrase);
      void load(next);
    };
    window.addEventListener('popstate', onPop);
    // Not while results are on their way: the scroll then is a short page's, not where the shopper is going back to.
    const stopSavingScroll = keepScrollSaved(() => {
      if (!inFlight.current && pendingScroll.current === null) saveScroll();
    });
    void loadEarlier();
    return () => {
      window.removeEventListener('popstate', onPop);
      stopSavingScroll();
      clearTimeout(keyphraseTimer.current);
    };
    // The server's first state and results are read once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back/Forward (and a deep link's earlier pages): once the results are on the page, scroll to where the shopper was.
  useLayoutEffect(() => {
    if (loading) return;
    pendingPlace.current?.();
    pendingPlace.current = null;
    if (pendingScroll.current === null) return;
    window.scrollTo(0, pendingScroll.current);
    pendingScroll.current = null;
  }, [loading, results]);

  const onKeyphrase = (text: string) => {
    setKeyphrase(text);
    clearTimeout(keyphraseTimer.current);
    keyphraseTimer.current = setTimeout(() => change(withKeyphrase(latest.current.state, text)), KEYPHRASE_DEBOUNCE_MS);
  };

  /** The form is what works without JavaScript; with it, a submit reads the same fields the server would. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(keyphraseTimer.current);
    const fields = [...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]);
    const parsed = parseCarListState(new URLSearchParams(fields), unit);
    change({ ...parsed, ranges: withoutFullSpans(parsed.ranges, extents), page: 0 });
  };

  const facetOf = (field: string) => results.facets.find((f) => f.name === field);

  return (
    <form className="car-list" method="get" action={path} onSubmit={onSubmit} aria-label={texts.keyphraseLabel}>
      {[...keep].map(([name, value], i) => (
        <input key={`keep-${i}`} type="hidden" name={name} value={value} />
      ))}
      {TERM_FACETS.length > 0 &&
        Object.entries(state.terms).flatMap(([field, values]) =>
          values.map((value) => <input key={`${field}=${value}`} type="hidden" name={field} value={value} />),
        )}
      <div className="car-list__bar">
        <div className="car-list__keyphrase">
          <label htmlFor={keyphraseId}>{texts.keyphraseLabel}</label>
          <div className="car-list__keyphrase-row">
            <input
              id={keyphraseId}
              name="keyphrase"
              type="search"
              value={keyphrase}
              placeholder={texts.keyphrasePlaceholder}
              maxLength={200}
              onChange={(e) => onKeyphrase(e.target.value)}
            />
            <button type="submit" className="button">
              {texts.search}
            </button>
          </div>
        </div>
        <div className="car-list__sort">
          <label htmlFor={sortId}>{texts.sortLabel}</label>
          <select
            id={sortId}
            name="sortName"
            value={state.sortName ?? 'relevance'}
            onChange={(e) => change(withSort(latest.current.state, e.target.value as CarSortName))}
          >
            {CAR_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {texts.sorts[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="car-list__layout">
        <section className="car-list__filters" aria-labelledby={filtersId}>
          <h2 id={filtersId} className="car-list__heading">
            {texts.filters}
          </h2>
          {/* Closed on phones so the cars come first; always open from 960 px (car-list.css). */}
          <details className="car-list__filter-panel">
            <summary className="car-list__filter-toggle">
              <span className="summary__closed">
                {fillText(texts.showFilters, { count: activeFilterCount(state) })}
              </span>
              <span className="summary__open">{fillText(texts.hideFilters, { count: activeFilterCount(state) })}</span>
            </summary>
            {TERM_FACETS.map((field, i) => {
              const facet = facetOf(field);
              return (
                <TermFacet
                  key={field}
                  name={texts.facetNames[field]}
                  facet={facet?.type === 'term' ? facet : undefined}
                  selected={state.terms[field] ?? []}
                  defaultOpen={i === 0}
                  labelOf={(value) => texts.facetValues[field]?.[value] ?? value}
                  hrefFor={(value) => hrefOf(toggleTerm(state, field, value))}
                  onToggle={(value) => change(toggleTerm(latest.current.state, field, value))}
                  texts={texts}
                />
              );
            })}
            {RANGE_FACETS.map(({ field, step }, i) => {
              const extent = extents[field];
              if (!extent) return null;
              const filter = state.ranges[field];
              if (field === 'car_mileage') {
                // The shopper slides and types in the market's unit; the URL keeps km.
                const shown = distanceRangeInUnit(facetOf(field), filter, unit);
                return (
                  shown && (
                    <RangeFacet
                      key={field}
                      field={field}
                      name={texts.facetNames[field]}
                      extent={shown.extent}
                      step={shown.step}
                      filter={shown.filter}
                      defaultOpen={i === 0}
                      texts={texts}
                      format={(v) => formatDistance(v, card.format)}
                      onApply={(range) =>
                        change(withRange(latest.current.state, field, distanceToKm(range, unit), extent))
                      }
                    />
                  )
                );
              }
              return (
                <RangeFacet
                  key={field}
                  field={field}
                  name={texts.facetNames[field]}
                  extent={extent}
                  step={step}
                  filter={filter}
                  defaultOpen={i === 0}
                  texts={texts}
                  format={(v) => formatRange(field, v)}
                  onApply={(range) => change(withRange(latest.current.state, field, range, extent))}
                />
              );
            })}
            <button type="submit" className="button car-list__apply">
              {texts.applyFilters}
            </button>
          </details>
        </section>
        <section className="car-list__results" aria-labelledby={resultsId} ref={resultsSection}>
          <h2 id={resultsId} className="visually-hidden">
            {texts.results}
          </h2>
          <p className="car-list__count" role="status">
            {/* A failed 'load more' keeps the cars shown, and so their count. */}
            {loading === 'replace' || (results.failed && results.cars.length === 0)
              ? ''
              : countText(texts.resultCount, locale, results.total, { count: formatCount(results.total) })}
          </p>
          <ActiveFilters state={state} hrefOf={hrefOf} onChange={change} formatRange={formatRange} texts={texts} />
          <CarResults
            results={results}
            loading={loading}
            page={state.page}
            carDetailBase={carDetailBase}
            card={card}
            cardPicture={props.cardPicture}
            texts={texts}
            moreHref={hrefOf(withPage(state, state.page + 1))}
            onMore={loadMore}
            onRetry={retry}
            formatCount={formatCount}
            actionsFor={(car) => (
              <>
                <SaveToggle car={carToKeep(car)} label={props.saveLabel} />
                <CompareToggle car={car} labels={props.compareLabels} />
              </>
            )}
          />
        </section>
      </div>
    </form>
  );
}
