import type { Market } from '../../../markets/schema.js';
import type { SearchFacet, SearchIndexName } from '../../../contracts/upstream/search.js';
import { foldSearchText } from '../../../contracts/upstream/searchWords.js';
import { URL_TERM_FIELDS } from '../../../client/shared/carList/carListConfig.js';
import type { SearchClient } from '../../upstream/searchClient.js';
import { SITE_LIST_FILTER_FIELDS } from '../../../client/shared/sites/siteListQuery.js';

/** Every value each listing filter can take on one market, as the search index knows them (folded, as it compares). */
export type FilterVocabulary = ReadonlyMap<string, { folded: ReadonlySet<string>; shown: readonly string[] }>;

/** The car list's and the site list's term filters, with their values as the market's indexes answer them. */
export async function loadFilterVocabulary(search: SearchClient, market: Market): Promise<FilterVocabulary> {
  const [cars, sites] = await Promise.all([
    search.query({ index: market.searchIndexes.cars as SearchIndexName, limit: 0, facets: [...URL_TERM_FIELDS] }),
    search.query({ index: market.searchIndexes.sites as SearchIndexName, limit: 0, facets: [...SITE_LIST_FILTER_FIELDS] }),
  ]);
  const vocabulary = new Map<string, { folded: ReadonlySet<string>; shown: readonly string[] }>();
  for (const facet of [...cars.facet, ...sites.facet] as SearchFacet[]) {
    if (facet.type !== 'term') continue;
    const shown = facet.values.map((v) => String(v.value));
    vocabulary.set(facet.name, { folded: new Set(shown.map(foldSearchText)), shown });
  }
  return vocabulary;
}

/**
 * Filters whose values name things in stock today (a brand, a model, a region, a site): a value the index lacks is
 * an empty listing until such a car or site is in stock, not a fault of the table. Every other filter is a word of
 * the market's vocabulary (condition, vehicle type, body, fuel, service): a value the index lacks is a typo or a
 * word of another field, and the listing stays empty whatever the stock.
 */
const STOCK_NAME_FIELDS: ReadonlySet<string> = new Set(['car_brand', 'car_model', 'car_site_name', 'car_city', 'car_site_region', 'site_departments.brands.name']);

export interface FilterVerdict {
  /** Words the market's index does not have: the rule ends on an empty listing whatever is in stock. */
  unknownWords: string[];
  /** Names nothing in stock has today (reported, not failed). */
  absentNames: string[];
}

/**
 * Judges the listing filters of a path's query against the market's index. Parameters that are no listing filter,
 * and `placeholders` (filled from the request, so unknown to the table), are not judged.
 */
export function judgeFilterValues(vocabulary: FilterVocabulary, pathWithQuery: string, placeholders: ReadonlySet<string> = new Set()): FilterVerdict {
  const query = new URL(pathWithQuery, 'http://same.host').searchParams;
  const verdict: FilterVerdict = { unknownWords: [], absentNames: [] };
  for (const [name, value] of query) {
    const known = vocabulary.get(name);
    if (!known || placeholders.has(name) || known.folded.has(foldSearchText(value.trim()))) continue;
    const sample = known.shown.slice(0, 8).join(', ');
    const text = `${name}=${value} is no value of the index (it has ${sample}${known.shown.length > 8 ? ', …' : ''})`;
    (STOCK_NAME_FIELDS.has(name) ? verdict.absentNames : verdict.unknownWords).push(text);
  }
  return verdict;
}
