import type { Translate } from '../../markets/translations/dictionaries.js';
import type { SavedCarsTexts } from '../../client/islands/savedCars/savedCarsTypes.js';
import type { SavedSearchesTexts } from '../../client/islands/savedSearches/savedSearchesTypes.js';

/** The saved-cars island's words in the page's language. */
export function savedCarsTextsOf(t: Translate): SavedCarsTexts {
  return {
    title: t('saved.title'),
    count: t.plural('saved.count'),
    empty: t('saved.empty'),
    browse: t('page.browseCars'),
    error: t('saved.error'),
    retry: t('saved.retry'),
    toggle: t('saved.toggle'),
    gone: t('saved.gone'),
    goneText: t('saved.goneText'),
    remove: t('saved.remove'),
    priceDropped: t('saved.priceDropped'),
    priceWhenSaved: t('saved.priceWhenSaved'),
    recentTitle: t('saved.recentTitle'),
  };
}

/** The saved searches' words in the page's language. */
export function savedSearchesTextsOf(t: Translate): SavedSearchesTexts {
  return {
    title: t('saved.searchesTitle'),
    empty: t('saved.searchesEmpty'),
    allCars: t('saved.allCars'),
    removeLabel: t('saved.remove'),
    remove: t('saved.removeSearch'),
    removed: t('saved.searchRemoved'),
    count: t.plural('carList.resultCount'),
    fresh: t.plural('saved.searchNew'),
    countFailed: t('saved.searchCountFailed'),
  };
}
