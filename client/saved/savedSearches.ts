import type { SearchFilter } from '../../contracts/upstream/search.js';
import { storedList } from '../storage/storedList.js';

/**
 * The car-list searches a shopper keeps in this browser, without an account (issue 53), like saved cars: the
 * list's query to open it again, its name as the chips say it, and the search itself (keyphrase and filters, as
 * the list sent them), which the saved-cars page counts again today and since `seenAt` (cars published since
 * the shopper last opened it: `car_published_at`). Nothing of it reaches the server but those counts.
 */
export interface SavedSearch {
  /** The car list's query ('?car_brand=Volvo&car_monthly_payment=2000-4000'; '' for every car). */
  query: string;
  /** 'Volvo, Månadskostnad: 2 000 kr – 4 000 kr'; '' for every car. */
  label: string;
  keyphrase?: string;
  filters?: SearchFilter[];
  /** When it was saved, and when the shopper last opened it (ms since 1970). */
  at: number;
  seenAt: number;
}

export const SAVED_SEARCHES_MAX = 10;

function isSavedSearch(value: unknown): value is SavedSearch {
  if (typeof value !== 'object' || value === null) return false;
  const search = value as Record<keyof SavedSearch, unknown>;
  return (
    typeof search.query === 'string' &&
    typeof search.label === 'string' &&
    typeof search.at === 'number' &&
    typeof search.seenAt === 'number' &&
    (search.keyphrase === undefined || typeof search.keyphrase === 'string') &&
    (search.filters === undefined || Array.isArray(search.filters))
  );
}

export const savedSearches = storedList<SavedSearch>({
  area: 'localStorage',
  key: 'savedSearches',
  max: SAVED_SEARCHES_MAX,
  isItem: isSavedSearch,
});

/** Keeps a search (again: it moves to the top, counted from now); 'full' when ten others are kept. */
export function saveSearch(search: Omit<SavedSearch, 'at' | 'seenAt'>, now = Date.now()): 'saved' | 'full' {
  const others = savedSearches.read().filter((kept) => kept.query !== search.query);
  if (others.length >= SAVED_SEARCHES_MAX) return 'full';
  savedSearches.write([{ ...search, at: now, seenAt: now }, ...others]);
  return 'saved';
}

/** The shopper opened it: its new cars are counted from now. */
export function markSearchSeen(query: string, now = Date.now()): void {
  savedSearches.write(savedSearches.read().map((kept) => (kept.query === query ? { ...kept, seenAt: now } : kept)));
}

export function removeSearch(query: string): void {
  savedSearches.write(savedSearches.read().filter((kept) => kept.query !== query));
}
