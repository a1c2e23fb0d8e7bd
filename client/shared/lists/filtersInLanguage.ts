import type { SearchFilter, SearchIndexKind } from '../../../contracts/upstream/search.js';
import { SEARCH_ID_FIELD, foldSearchText } from '../../../contracts/upstream/searchWords.js';

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

/** A crafted URL's hundreds of values are not looked up (past these they are kept as they are). */
const MAX_TRANSLATED = 20;

export interface LanguageSearchBody {
  index: SearchIndexKind;
  language: string;
  fields: string[];
  filters?: SearchFilter[];
  facets?: string[];
  limit: number;
}
/** What a language look-up reads of a search answer: its documents, and the term facets' values. */
export interface LanguageSearchAnswer {
  content: readonly Record<string, unknown>[];
  facet?: readonly { name: string; values?: readonly { value: unknown }[] }[];
}
/** A search of the market's index in a language (the BFF's /api/search, or its cache). */
export type LanguageSearch = (body: LanguageSearchBody) => Promise<LanguageSearchAnswer>;

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
 *
 * Every search here is the same for every client that asks about the same word, so the search cache keeps
 * each once: first the index's words in `from` (the worded fields' facets, no documents: one search a language),
 * and only for a value among them, a document holding it in `from` and that document in `to`. A made-up word
 * costs no search at all.
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
  const wordOf = (field: string, value: string) => `${field}=${foldSearchText(value.trim())}`;
  const vocabulary = await search({ index: kind, language: from, fields: [idField], facets: [...worded], limit: 0 });
  // Each word as the index writes it (the search folds case and accents): 'c-sarja' and 'C-sarja' are one look-up.
  const written = new Map(
    (vocabulary.facet ?? []).flatMap(({ name, values }) =>
      (values ?? []).flatMap(({ value }) => (typeof value === 'string' ? [[wordOf(name, value), value]] : [])),
    ),
  );
  const words = new Map<string, string>();
  const lookups = await Promise.allSettled(
    pairs.map(async ({ field, value }) => {
      const word = written.get(wordOf(field, value));
      if (word === undefined) return;
      const [holder] = (
        await search({
          index: kind,
          language: from,
          fields: [idField, top(field)],
          filters: [{ field, values: [word] }],
          limit: 1,
        })
      ).content;
      const at = holder
        ? valuesAt(holder, field).findIndex((v) => typeof v === 'string' && foldSearchText(v) === foldSearchText(word))
        : -1;
      if (!holder || at < 0) return;
      // The same document read in `to`, whole for its worded fields, so one look-up serves every value it holds.
      const [there] = (
        await search({
          index: kind,
          language: to,
          fields: [idField, ...new Set(worded.map(top))],
          filters: [{ field: idField, values: [String(holder[idField])] }],
          limit: 1,
        })
      ).content;
      const translated = there ? valuesAt(there, field)[at] : undefined;
      if (typeof translated === 'string') words.set(`${field}=${value}`, translated);
    }),
  );
  // Failed once every look-up has ended: none is still running for a page already sent.
  const failed = lookups.find((lookup) => lookup.status === 'rejected');
  if (failed) throw failed.reason;
  if (words.size === 0) return query;
  const asked = new Set(pairs.map(({ field, value }) => `${field}=${value}`));
  const out = new URLSearchParams();
  for (const [name, value] of query) {
    if (!asked.has(`${name}=${value}`)) out.append(name, value);
    // Two values may be one word in the other language: the filter is sent once.
    else if (!out.getAll(name).includes(words.get(`${name}=${value}`) ?? value))
      out.append(name, words.get(`${name}=${value}`) ?? value);
  }
  return out;
}
