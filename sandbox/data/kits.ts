import type { z } from 'zod';
import type { KitSchema } from '../../contracts/upstream/search.js';
import { CAR_CATALOGUE, MARKET_BRANDS, localModelName } from './car-catalogue.js';
import { MARKET_PROFILES, type MarketProfile } from './market-profiles.js';
import { photoUrl } from './pictures.js';
import { seededFaker } from './random.js';
import { VOCABULARIES, type VocabularyLanguage } from './vocabulary.js';

/** A kit as the feed sends it: EUR kits leave `currency` out (the contract defaults it). */
export type KitDocument = z.input<typeof KitSchema>;

/** One product name per kit category (same order as the vocabulary's kitCategories). */
export const KIT_PRODUCTS: Record<VocabularyLanguage, string[]> = {
  sv: [
    'Takbox 420 l',
    'Dragkrok, avtagbar',
    'Gummimattor, set',
    'Laddkabel typ 2, 7 m',
    'Vinterhjul 18"',
    'Lastrumsmatta',
  ],
  fi: [
    'Kattoboksi 420 l',
    'Irrotettava vetokoukku',
    'Kumimatot, sarja',
    'Latauskaapeli tyyppi 2, 7 m',
    'Talvipyörät 18"',
    'Tavaratilan matto',
  ],
  nb: [
    'Takboks 420 l',
    'Avtakbart hengerfeste',
    'Gummimatter, sett',
    'Ladekabel type 2, 7 m',
    'Vinterhjul 18"',
    'Bagasjeromsmatte',
  ],
  sk: [
    'Strešný box 420 l',
    'Odnímateľné ťažné zariadenie',
    'Gumené koberce, sada',
    'Nabíjací kábel typ 2, 7 m',
    'Zimné kolesá 18"',
    'Vaňa do batožinového priestoru',
  ],
  en: [
    'Roof box 420 l',
    'Detachable tow bar',
    'Rubber mat set',
    'Type 2 charging cable, 7 m',
    '18" winter wheel set',
    'Boot liner',
  ],
};
const PRICE_EUR = [690, 1290, 149, 320, 1890, 119];

function generateMarketKits(seed: number, profile: MarketProfile, anchor: Date, firstId: number): KitDocument[] {
  const faker = seededFaker(seed, profile.language, `kits-${profile.id}`);
  const vocabulary = VOCABULARIES[profile.language];
  const brands = MARKET_BRANDS[profile.id] ?? [...new Set(CAR_CATALOGUE.map((c) => c.brand))];
  return Array.from({ length: profile.kitCount }, (_, i) => {
    const kitId = String(firstId + i);
    const brand = faker.helpers.arrayElement(brands);
    const models = faker.helpers
      .arrayElements(
        CAR_CATALOGUE.filter((c) => c.brand === brand).map((c) => c.model),
        { min: 1, max: 3 },
      )
      .map((model) => localModelName(model, profile.language));
    const category = faker.number.int({ min: 0, max: KIT_PRODUCTS.sv.length - 1 });
    const price =
      Math.round((PRICE_EUR[category]! * faker.number.float({ min: 0.8, max: 1.3 }) * profile.eurRate) / 10) * 10 - 1;
    const kitCode = `${brand.slice(0, 3).toUpperCase().replace('Š', 'S')}-${faker.string.alphanumeric({ length: 6, casing: 'upper' })}`;
    return {
      kitId,
      kitCode,
      name: `${KIT_PRODUCTS[profile.language][category]} – ${brand} ${models[0]}`,
      description: vocabulary.kitWords.description.replace('{models}', models.map((m) => `${brand} ${m}`).join(', ')),
      status: faker.helpers.weightedArrayElement([
        { weight: 8, value: 'Active' as const },
        { weight: 1, value: 'ComingSoon' as const },
        { weight: 1, value: 'Discontinued' as const },
      ]),
      images: Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, (_, n) =>
        photoUrl({ kind: 'kit', kitId, code: kitCode, n: n + 1 }),
      ),
      retailPrice: price,
      ...(profile.currency === 'EUR' ? {} : { currency: profile.currency }),
      brand,
      category: vocabulary.kitCategories[category]!,
      models,
      published_at: new Date(anchor.getTime() - faker.number.int({ min: 0, max: 365 }) * 86_400_000).toISOString(),
    };
  });
}

export function generateKits(seed: number, anchor: Date): Map<string, KitDocument[]> {
  return new Map(
    MARKET_PROFILES.map((profile, m) => [profile.id, generateMarketKits(seed, profile, anchor, (m + 1) * 10_000 + 1)]),
  );
}
