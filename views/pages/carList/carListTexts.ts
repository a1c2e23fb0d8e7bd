import type { CarListTexts } from '../../../client/islands/carList/carListTypes.js';
import { mileageLabelKey } from '../../../client/cars/carCardTexts.js';
import { carValueWords, type CarValueField } from '../../../markets/translations/carValues.js';
import type { Translate } from '../../../markets/translations/dictionaries.js';
import type { Market } from '../../../markets/schema.js';
import { CAR_SORTS, URL_RANGE_FIELDS, URL_TERM_FIELDS } from '../../../client/shared/carList/carListConfig.js';
import { distanceUnitText } from '../../../client/shared/cars/formatCar.js';

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
    savedSearch: {
      save: t('carList.saveSearch'),
      saved: t('carList.searchSaved'),
      full: t('carList.searchesFull'),
    },
    near: {
      postcode: t('carList.postcode'),
      apply: t('carList.postcodeApply'),
      useMyPosition: t('carList.useMyPosition'),
      nearPlace: t('carList.nearPlace'),
      myPosition: t('carList.myPosition'),
      postcodeUnknown: t('carList.postcodeUnknown'),
      positionFailed: t('carList.positionFailed'),
      needsPlace: t('carList.nearestNeedsPlace'),
    },
    facetValues: Object.fromEntries(
      Object.entries(FACET_VALUE_FIELDS).map(([field, kind]) => [field, carValueWords(market, t, kind)]),
    ),
  };
}
