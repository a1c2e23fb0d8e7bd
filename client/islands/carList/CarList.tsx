import { useId, useMemo, useRef, type FormEvent } from 'react';
import { formatMileage, formatNumber, formatPrice } from '../../shared/cars/formatCar.js';
import { CompareToggle } from '../../compare/CompareToggle.js';
import { carToKeep } from '../../saved/savedCars.js';
import { SaveToggle } from '../../saved/SaveToggle.js';
import { countText } from '../../../markets/translations/plural.js';
import {
  CAR_LIST_TOTAL_CAP,
  DISTANCE_FIELDS,
  TERM_FACETS,
  type UrlRangeField,
} from '../../shared/carList/carListConfig.js';
import {
  carListHref,
  distanceOrigin,
  RANGE_OPEN_MAX,
  withNear,
  withPage,
  withSort,
  type CarListState,
} from '../../shared/carList/carListUrlState.js';
import { NearestPlace } from './NearestPlace.js';
import { SaveSearch } from './SaveSearch.js';
import type { CarListProps } from './carListTypes.js';
import { ActiveFilters } from './ActiveFilters.js';
import { rangeExtentsInIndexUnits } from '../../shared/carList/distanceRange.js';
import { CarListBar } from './CarListBar.js';
import { CarListFilters } from './CarListFilters.js';
import { CarResults } from './CarResults.js';
import { withoutFullSpans } from '../../shared/carList/rangeRules.js';
import { useCarList } from './useCarList.js';

const PRICE_FIELDS = new Set(['car_price', 'car_campaign_price', 'car_retail_price', 'car_monthly_payment']);

/**
 * The car list island: the search bar, the filter panel, the chips and the results, over its state
 * (useCarList.ts: the URL, history, scroll and answers). It starts from exactly what the server rendered.
 */
export function CarList(props: CarListProps) {
  const { path, carDetailBase, texts, card } = props;
  const keep = useMemo(() => new URLSearchParams(props.keep), [props.keep]);
  const resultsSection = useRef<HTMLElement>(null);
  const list = useCarList(props, resultsSection);
  const { state, results, loading, change } = list;
  const resultsId = useId();

  const hrefOf = (s: CarListState) => carListHref(path, s, keep);
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

  /** The form is what works without JavaScript; with it, a submit reads the same fields the server would. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = [...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]);
    list.submit(new URLSearchParams(fields), (parsed) => ({
      ...parsed,
      ranges: withoutFullSpans(parsed.ranges, extents),
      page: 0,
    }));
  };

  return (
    <form className="car-list" method="get" action={path} onSubmit={onSubmit} aria-label={texts.keyphraseLabel}>
      {[...keep].map(([name, value], i) => (
        <input key={`keep-${i}`} type="hidden" name={name} value={value} />
      ))}
      {TERM_FACETS.length > 0 &&
        Object.entries(state.terms).flatMap(([field, values]) =>
          values.map((value) => <input key={`${field}=${value}`} type="hidden" name={field} value={value} />),
        )}
      <CarListBar
        keyphrase={list.keyphrase}
        sortName={state.sortName}
        onKeyphrase={list.typeKeyphrase}
        onSort={(sortName) => change(withSort(list.latestState.current, sortName))}
        texts={texts}
      />
      {state.sortName === 'distance_asc' && (
        <NearestPlace
          near={state.near}
          nearName={state.nearName}
          problem={props.nearProblem}
          onNear={(near, name) => change(withNear(list.latestState.current, near, name))}
          texts={texts.near}
        />
      )}
      <div className="car-list__layout">
        <CarListFilters
          state={state}
          latest={() => list.latestState.current}
          facets={results.facets}
          extents={extents}
          format={card.format}
          monthlyBudget={card.monthly !== undefined}
          formatRange={formatRange}
          hrefOf={hrefOf}
          onChange={change}
          texts={texts}
        />
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
          <SaveSearch
            state={state}
            label={searchLabel(state, texts, formatRange)}
            defaults={props.defaults}
            texts={texts.savedSearch}
          />
          <CarResults
            results={results}
            loading={loading}
            page={state.page}
            carDetailBase={carDetailBase}
            card={card}
            cardPicture={props.cardPicture}
            texts={texts}
            moreHref={hrefOf(withPage(state, state.page + 1))}
            onMore={list.loadMore}
            onRetry={list.retry}
            formatCount={formatCount}
            origin={distanceOrigin(state)}
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

/** A saved search's name: its words and each filter as its chip says it ('Volvo, Pris: 100 000 kr – 300 000 kr'). */
function searchLabel(
  state: CarListState,
  texts: CarListProps['texts'],
  formatRange: (field: UrlRangeField, value: number) => string,
): string {
  return [
    ...(state.keyphrase ? [`”${state.keyphrase}”`] : []),
    ...Object.entries(state.terms).flatMap(([field, values]) =>
      (values ?? []).map((value) => texts.facetValues[field as keyof typeof texts.facetValues]?.[value] ?? value),
    ),
    ...Object.entries(state.ranges).map(([field, range]) => {
      const name = field as UrlRangeField;
      const [min, max] = range ?? [0, 0];
      return `${texts.facetNames[name]}: ${formatRange(name, min)} –${max >= RANGE_OPEN_MAX ? '' : ` ${formatRange(name, max)}`}`;
    }),
  ].join(', ');
}
