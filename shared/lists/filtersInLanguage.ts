import type { SearchFilter, SearchIndexKind } from '../../contracts/upstream/search.js';
import { SEARCH_ID_FIELD, foldSearchText } from '../../contracts/upstream/searchWords.js';

/**
 * A list's URL filters in another of the market's languages, for the language switch. Some fields the
 * index writes in each language, and filters on in the language asked: on the Finnish site a model is
 * 'C-sarja' in Finnish and 'C-klass' in Swedish, a town 'Turku' and 'Åbo', a kit category 'Talvipyörät'
 * and 'Vinterhjul'. A link keeping 'C-sarja' would open the Swedish list empty. The index has no id for
 * these words, but its documents have one: a document holding the value is found in the page's language
 * and read in the other, at the same place. The URL parameter is the field's name.
 */
export const LANGUAGE_WORDED_FILTERS: Readonly<Record<SearchIndexKind, readonly string[]>> = {
  cars: ['car_model', 'car_site_name', 'car_city', 'car_site_region'],
  kits: ['category'],
  sites: ['site_departments.service_name'],
};

/** One search a value: a crafted URL's hundreds of values are not looked up (past these they are kept as they are). */
const MAX_TRANSLATED = 20;

export interface LanguageSearchBody {
  index: SearchIndexKind;
  language: string;
  fields: string[];
  filters: SearchFilter[];
  limit: number;
}
/** A search of the market's index in a language, answering its documents (the BFF's /api/search, or its cache). */
export type LanguageSearch = (body: LanguageSearchBody) => Promise<Record<string, unknown>[]>;

/** The values at a dotted path, lists flattened in document order (`site_departments.service_name`). */
function valuesAt(doc: unknown, path: string): unknown[] {
  return path
    .split('.')
    .reduce<unknown[]>(
      (values, key) =>
        values
          .flatMap((v) => (Array.isArray(v) ? v : [v]))
          .flatMap((v) =>
            typeof v === 'object' && v !== null && key in v ? [(v as Record<string, unknown>)[key]] : [],
          ),
      [doc],
    )
    .flatMap((v) => (Array.isArray(v) ? v : [v]));
}

/**
 * `query` (a list's URL query in language `from`) with the worded filters' values as the index writes
 * them in `to`; every other parameter as it was. A value no document holds stays as it is.
 */
export async function filtersInLanguage(
  query: URLSearchParams,
  kind: SearchIndexKind,
  from: string,
  to: string,
  search: LanguageSearch,
): Promise<URLSearchParams> {
  const worded = LANGUAGE_WORDED_FILTERS[kind];
  const pairs = [
    ...new Set(
      [...query]
        .filter(([name, value]) => worded.includes(name) && value.trim() !== '')
        .map(([name, value]) => `${name}=${value}`),
    ),
  ]
    .slice(0, MAX_TRANSLATED)
    .map((pair) => ({ field: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));
  if (pairs.length === 0 || from === to) return query;
  const idField = SEARCH_ID_FIELD[kind];
  const top = (field: string) => field.split('.')[0]!;
  // The place of each value in a document holding it (the search folds case and accents, so does the lookup).
  const holders = await Promise.all(
    pairs.map(async ({ field, value }) => {
      const [doc] = await search({
        index: kind,
        language: from,
        fields: [idField, top(field)],
        filters: [{ field, values: [value] }],
        limit: 1,
      });
      const at = doc
        ? valuesAt(doc, field).findIndex(
            (v) => typeof v === 'string' && foldSearchText(v) === foldSearchText(value.trim()),
          )
        : -1;
      return doc && at >= 0 ? { id: String(doc[idField]), at } : undefined;
    }),
  );
  const ids = [...new Set(holders.flatMap((holder) => (holder ? [holder.id] : [])))];
  if (ids.length === 0) return query;
  const there = await search({
    index: kind,
    language: to,
    fields: [idField, ...new Set(pairs.map((p) => top(p.field)))],
    filters: [{ field: idField, values: ids }],
    limit: ids.length,
  });
  const byId = new Map(there.map((doc) => [String(doc[idField]), doc]));
  const translated = new Map(
    pairs.map(({ field, value }, i) => {
      const holder = holders[i];
      const word = holder ? valuesAt(byId.get(holder.id), field)[holder.at] : undefined;
      return [`${field}=${value}`, typeof word === 'string' ? word : value];
    }),
  );
  const out = new URLSearchParams();
  for (const [name, value] of query) {
    const word = translated.get(`${name}=${value}`);
    // Two values may be one word in the other language: the filter is sent once.
    if (word === undefined) out.append(name, value);
    else if (!out.getAll(name).includes(word)) out.append(name, word);
  }
  return out;
}
