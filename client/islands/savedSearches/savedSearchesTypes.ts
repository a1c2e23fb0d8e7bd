import type { PluralText } from '../../../markets/translations/plural.js';

/** The saved searches' words (views/saved/savedCarsTexts.ts builds them from `saved.*`). */
export interface SavedSearchesTexts {
  title: string;
  empty: string;
  allCars: string;
  /** The remove button's text ('Ta bort'). */
  removeLabel: string;
  /** Its accessible name, with `{name}`. */
  remove: string;
  /** With `{name}`. */
  removed: string;
  /** `{count}` cars today. */
  count: PluralText;
  /** `{count}` new since the last visit. */
  fresh: PluralText;
  countFailed: string;
}

export interface SavedSearchesProps {
  texts: SavedSearchesTexts;
  carListPath: string;
  /** The locale counts are read in. */
  locale: string;
}
