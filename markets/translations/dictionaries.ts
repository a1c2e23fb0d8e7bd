import type { Language } from '../schema.js';
import { sv, type Dictionary, type PluralKey, type TranslationKey } from './sv.js';
import { fi } from './fi.js';
import { nb } from './nb.js';
import { sk } from './sk.js';
import { en } from './en.js';
import { countText, fillText, isPluralText, type PluralText } from './plural.js';

export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { sv, fi, nb, sk, en };

export interface Translate {
  /**
   * A text with its `{name}` placeholders filled from params. A count text (markets/translations/plural.ts)
   * takes the form its `count` param chooses ('1 bil', '2 bilar').
   */
  (key: TranslationKey, params?: Record<string, string | number>): string;
  /** A count text's forms, for an island that counts in the browser (`countText`). */
  plural(key: PluralKey): PluralText;
}

const translators = new Map<Language, Translate>();

/** The translate function of one language (made once per language). */
export function translator(language: Language): Translate {
  const known = translators.get(language);
  if (known) return known;
  const dictionary = DICTIONARIES[language];
  const translate = ((key, params) => {
    const text = dictionary[key];
    if (isPluralText(text)) return countText(text, language, Number(params?.count ?? 0), params);
    return params ? fillText(text, params) : text;
  }) as Translate;
  translate.plural = (key) => dictionary[key];
  translators.set(language, translate);
  return translate;
}
