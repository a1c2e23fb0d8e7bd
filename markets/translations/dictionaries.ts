import type { Language } from '../schema.js';
import { sv, type Dictionary, type TranslationKey } from './sv.js';
import { fi } from './fi.js';
import { nb } from './nb.js';
import { sk } from './sk.js';
import { en } from './en.js';

export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { sv, fi, nb, sk, en };

export type Translate = (key: TranslationKey, params?: Record<string, string | number>) => string;

const translators = new Map<Language, Translate>();

/** The translate function of one language (made once per language); `{name}` placeholders are filled from params. */
export function translator(language: Language): Translate {
  const known = translators.get(language);
  if (known) return known;
  const dictionary = DICTIONARIES[language];
  const translate: Translate = (key, params) => {
    const text = dictionary[key];
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
  translators.set(language, translate);
  return translate;
}
