import type { Language } from '../../../markets/schema.js';
import { contentTextsSv } from './texts-sv.js';
import { contentTextsFi } from './texts-fi.js';
import { contentTextsNb } from './texts-nb.js';
import { contentTextsSk } from './texts-sk.js';
import { contentTextsEn } from './texts-en.js';
import type { ContentTexts } from './contentTexts.js';

export const CONTENT_TEXTS: Readonly<Record<Language, ContentTexts>> = {
  sv: contentTextsSv,
  fi: contentTextsFi,
  nb: contentTextsNb,
  sk: contentTextsSk,
  en: contentTextsEn,
};
