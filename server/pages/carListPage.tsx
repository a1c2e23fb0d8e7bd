import type { Market } from '../../markets/schema.js';
import { pageSearchParams } from '../pageCache/pageKey.js';
import type { Translate } from '../../markets/translations/dictionaries.js';
import { carCardTextsOf, mileageLabelKey } from '../../client/cars/carCardTexts.js';
import { distanceUnitText } from '../../client/cars/formatCar.js';
import { carValueWords, type CarValueField } from '../../markets/translations/carValues.js';
import {
  CAR_LIST_MAX_PAGES,
  CAR_LIST_PAGE_SIZE,
  CAR_SORTS,
  URL_RANGE_FIELDS,
  URL_TERM_FIELDS,
} from '../../client/islands/carList/carListConfig.js';
import { CarList } from '../../client/islands/carList/CarList.js';
import { withFacetsToUndo } from '../../client/islands/carList/fetchCarList.js';
import {
  carListSearchBody,
  EMPTY_STATE,
  keptQuery,
  parseCarListState,
  type CarListState,
} from '../../client/islands/carList/carListUrlState.js';
import type { CarListProps, CarListResults, CarListTexts } from '../../client/islands/carList/carListTypes.js';
import { withoutFullSpans } from '../../client/islands/carList/rangeRules.js';
import { rangeExtentsInIndexUnits } from '../../client/islands/carList/distanceRange.js';
import { CompareIsland } from '../../views/compare/CompareIsland.js';
import { compareToggleLabels } from '../../views/compare/compareLabels.js';
import { Island } from '../../views/Island.js';
import { CAR_GRID } from '../../client/media/pictureLayouts.js';
import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { localisedMarket, localisePath } from '../markets/languagePath.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import { searchCarSummaryPage } from './carSummarySearch.js';
import type { ContentPageKind } from './contentPageKinds.js';
import type { PageDeps } from './pageDeps.js';
import { languageQueriesOf } from './languageQueries.js';

/**
 * The car list (content page type 'carList'): the content page's blocks, then the car-list island
 * with the URL's state already searched (searchCarList), through the search cache, with exactly the
 * bodies the island sends to /api/search (so hydration searches nothing and its later requests hit the cache).
 */
export const carListPageKind: ContentPageKind = async ({ page, blockData, req, res, ctx, deps }) => {
  const { market, language, t } = res.locals;
  const query = pageSearchParams(req);
  const parsed = parseCarListState(query, market.distanceUnit);
  const [results, languageQueries] = await Promise.all([
    searchCarList(parsed, market, deps, ctx),
    languageQueriesOf('cars', query, res, deps, ctx),
  ]);
  if (results.failed) res.locals.pageIncomplete = true;
  // The plain form sends both ends of every slider; an end-to-end range is no filter.
  const state: CarListState = {
    ...parsed,
    ranges: withoutFullSpans(parsed.ranges, rangeExtentsInIndexUnits(results.facets, market.distanceUnit)),
  };
  const props: CarListProps = {
    path: localisePath(market, language, page.path),
    carDetailBase: localisedMarket(market, language).paths.carDetailBase,
    keep: keptQuery(query),
    state,
    defaults: market.carListDefaults,
    results,
    texts: carListTextsOf(t, market),
    card: carCardTextsOf(t, market, language),
    cardPicture: CAR_GRID,
    currency: market.currency,
    compareLabels: compareToggleLabels(t),
  };
  return {
    languageQueries,
    body: (
      <ContentPageView page={page} blockData={blockData}>
        <Island name="carList" component={CarList} props={props} />
        <CompareIsland />
      </ContentPageView>
    ),
  };
};

/**
 * The first page (its cars, facets and total: the very search a shallow link makes) and, for a deep
 * link, the URL's own page: at most two searches and one page of cars, however deep the link. The cars
 * shown are then the deep page's alone (`fromPage`); the island fetches the pages before it, and
 * without JavaScript load-more goes on from there. A page past the end shows the last one. A failure
 * is logged and reads as an empty result (the island shows carListError).
 */
export async function searchCarList(
  state: CarListState,
  market: Market,
  deps: Pick<PageDeps, 'searchCache' | 'logger'>,
  ctx: CallContext,
): Promise<CarListResults> {
  const search = (page: number) =>
    searchCarSummaryPage(deps.searchCache, market, carListSearchBody(state, page, market.carListDefaults), ctx);
  try {
    const first = await search(0);
    const results: CarListResults = { cars: first.cars, facets: first.facets, total: first.total, failed: false };
    const page = Math.min(state.page, lastPageOf(first.total));
    if (page === 0) return await withFacetsToUndo(state, results, () => searchCarList(EMPTY_STATE, market, deps, ctx));
    return { ...results, cars: (await search(page)).cars, fromPage: page };
  } catch (err) {
    deps.logger.warn(
      { err, requestId: ctx.requestId, market: market.id },
      'car list search failed: shown as an empty result',
    );
    return { cars: [], facets: [], total: 0, failed: true };
  }
}

/** The last page with cars of a list of `total` (the list stops at CAR_LIST_MAX_PAGES). */
const lastPageOf = (total: number) =>
  Math.max(0, Math.min(Math.ceil(total / CAR_LIST_PAGE_SIZE), CAR_LIST_MAX_PAGES) - 1);

/** Term facets whose values are words of the market's language, translated for its other languages. */
const FACET_VALUE_FIELDS: Partial<Record<(typeof URL_TERM_FIELDS)[number], CarValueField>> = {
  car_body: 'body',
  car_fuel: 'fuel',
  car_gearbox: 'gearbox',
  car_drive: 'drive',
  car_color: 'color',
  car_condition: 'condition',
  car_vehicle_type: 'vehicleType',
};

export function carListTextsOf(t: Translate, market: Market): CarListTexts {
  // Mileage is named as the cards and the car page name it, in the market's unit ('Miltal (mil)', 'Mileage (miles)').
  const mileage = { mileage: t(mileageLabelKey(market.distanceUnit)), unit: distanceUnitText(market.distanceUnit) };
  return {
    filters: t('carList.filters'),
    showFilters: t('carList.showFilters'),
    hideFilters: t('carList.hideFilters'),
    keyphraseLabel: t('carList.keyphraseLabel'),
    keyphrasePlaceholder: t('carList.keyphrasePlaceholder'),
    search: t('carList.search'),
    applyFilters: t('carList.applyFilters'),
    sortLabel: t('carList.sortLabel'),
    sorts: Object.fromEntries(
      CAR_SORTS.map((sort) => [sort, t(`carList.sort.${sort}`, mileage)]),
    ) as CarListTexts['sorts'],
    activeFilters: t('carList.activeFilters'),
    clearAll: t('carList.clearAll'),
    removeFilter: t('carList.removeFilter'),
    showMore: t('carList.showMore'),
    showLess: t('carList.showLess'),
    facetSearch: t('carList.facetSearch'),
    facetNoMatch: t('carList.facetNoMatch'),
    rangeMin: t('carList.rangeMin'),
    rangeMax: t('carList.rangeMax'),
    from: t('carList.from'),
    to: t('carList.to'),
    loadMore: t('carList.loadMore'),
    progress: t.plural('carList.progress'),
    resultCount: t.plural('carList.resultCount'),
    loading: t('carList.loading'),
    retry: t('carList.retry'),
    results: t('carList.results'),
    error: t('error.carListError'),
    noResults: t('error.noSearchResults'),
    facetNames: Object.fromEntries(
      [...URL_TERM_FIELDS, ...URL_RANGE_FIELDS].map((f) => [f, t(`carList.facet.${f}`, mileage)]),
    ) as CarListTexts['facetNames'],
    facetValues: Object.fromEntries(
      Object.entries(FACET_VALUE_FIELDS).map(([field, kind]) => [field, carValueWords(market, t, kind)]),
    ),
  };
}
