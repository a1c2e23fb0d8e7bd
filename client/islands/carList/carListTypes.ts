import type { PictureLayout } from '../../shared/media/pictureLayouts.js';
import type { SearchFilter } from '../../../contracts/upstream/search.js';
import type { PluralText } from '../../../markets/translations/plural.js';
import type { CarCardTexts } from '../../cars/CarCard.js';
import type { CarSummary } from '../../shared/cars/carSummary.js';
import type { CompareToggleLabels } from '../../compare/CompareToggle.js';
import type { CarSortName, UrlRangeField, UrlTermField } from '../../shared/carList/carListConfig.js';
import type { CarListState } from '../../shared/carList/carListUrlState.js';
import type { CarListResults, NearProblem } from '../../shared/carList/carListResults.js';

export interface CarListTexts {
  filters: string;
  /** The phone's filter-panel toggle; `{count}` active filters. */
  showFilters: string;
  /** The same toggle once open; `{count}` active filters. */
  hideFilters: string;
  keyphraseLabel: string;
  keyphrasePlaceholder: string;
  search: string;
  applyFilters: string;
  sortLabel: string;
  sorts: Record<CarSortName, string>;
  activeFilters: string;
  clearAll: string;
  /** With `{label}`. */
  removeFilter: string;
  showMore: string;
  showLess: string;
  /** With `{facet}`. */
  facetSearch: string;
  /** A facet search that matches no value; with `{query}`. */
  facetNoMatch: string;
  rangeMin: string;
  rangeMax: string;
  from: string;
  to: string;
  loadMore: string;
  /** A count text (`{count}`, the total) with `{shown}`. */
  progress: PluralText;
  /** A count text (`{count}`). */
  resultCount: PluralText;
  loading: string;
  retry: string;
  results: string;
  error: string;
  noResults: string;
  facetNames: Record<UrlTermField | UrlRangeField, string>;
  /** 'Spara sökning', and what it answers (`{count}`: the most searches kept). */
  savedSearch: { save: string; saved: string; full: string };
  /** 'Nearest first': the postcode field, its button, the position button and what they answer. */
  near: {
    postcode: string;
    apply: string;
    useMyPosition: string;
    /** With `{place}`. */
    nearPlace: string;
    myPosition: string;
    /** With `{postcode}`. */
    postcodeUnknown: string;
    positionFailed: string;
    needsPlace: string;
  };
  /** Facet values in the page's language, by the index's value ({ Sähkö: 'El' } on fi.localhost/sv); the filter keeps the index's value. */
  facetValues: Partial<Record<UrlTermField, Record<string, string>>>;
}

export interface CarListProps {
  /** The layouts of its pictures, from the page (client/shared/media/pictureLayouts.ts): props, so the island's bundle carries no layout table. */
  cardPicture: PictureLayout;
  /** The public path of this list (with its language prefix). */
  path: string;
  carDetailBase: string;
  /** Query parameters that are not the list's (a preview token...), kept on every URL the list makes. */
  keep: string;
  state: CarListState;
  /** The market's default filters for fields the URL leaves open (the UK's list is used cars). */
  defaults: SearchFilter[];
  results: CarListResults;
  texts: CarListTexts;
  card: CarCardTexts;
  currency: CarSummary['currency'];
  /** The compare toggle under each card. */
  compareLabels: CompareToggleLabels;
  /** The save toggle's text under each card ('Spara'). */
  saveLabel: string;
  /** The plain form's postcode found no place (server/pages/carListPage.tsx). */
  nearProblem?: NearProblem;
}
