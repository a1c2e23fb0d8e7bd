import { Faker, base, en, en_GB, fi, nb_NO, sk, sv } from '@faker-js/faker';
import type { VocabularyLanguage } from './vocabulary.js';

const FAKER_LOCALES = {
  sv: [sv, en, base],
  fi: [fi, en, base],
  nb: [nb_NO, en, base],
  sk: [sk, en, base],
  en: [en_GB, en, base],
} as const;

/** A small stable hash so each generator gets its own stream: adding cars must not reshuffle the sites. */
export function hashSeed(seed: number, label: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A faker instance in one language, seeded from the sandbox seed and a label naming what it generates. */
export function seededFaker(seed: number, language: VocabularyLanguage, label: string): Faker {
  const faker = new Faker({ locale: [...FAKER_LOCALES[language]] });
  faker.seed(hashSeed(seed, `${language}:${label}`));
  return faker;
}

/** URL-safe slug with diacritics folded: 'Škoda Octavia Kombi' → 'skoda-octavia-kombi'. */
export function slugify(text: string): string {
  return (
    text
      .replace(/[øØ]/g, 'o')
      .replace(/[æÆ]/g, 'ae')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      // After the line above no two dashes are adjacent: one at each end at most.
      .replace(/^-|-$/g, '')
  );
}

/** A date `days` after `from`, as YYYY-MM-DD. */
export function isoDay(from: Date, days = 0): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}
