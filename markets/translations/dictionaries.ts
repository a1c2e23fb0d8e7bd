import type { Language } from '../schema.js';
import { sv, type Dictionary, type TranslationKey } from './sv.js';
import { fi } from './fi.js';
import { nb } from './nb.js';
import { sk } from './sk.js';
import { en } from './en.js';

export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { sv, fi, nb, sk, en };

export type Translate = (key: TranslationKey, params?: Record<string, string | number>) => string;

/** A translate function for one language; `{name}` placeholders are filled from params. */
export function translator(language: Language): Translate {
  const dictionary = DICTIONARIES[language];
  return (key, params) => {
    const text = dictionary[key];
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
