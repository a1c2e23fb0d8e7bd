import type { Market } from '../schema.js';
import { DICTIONARIES, type Translate } from './dictionaries.js';
import { sv, type TranslationKey } from './sv.js';

export type CarValueField = 'fuel' | 'gearbox' | 'body' | 'drive' | 'color' | 'condition' | 'vehicleType';

const KEYS: Record<CarValueField, TranslationKey[]> = {
  fuel: [],
  gearbox: [],
  body: [],
  drive: [],
  color: [],
  condition: [],
  vehicleType: [],
};
for (const key of Object.keys(sv) as TranslationKey[]) {
  const field = /^carValue\.(\w+)\./.exec(key)?.[1] as CarValueField | undefined;
  if (field && field in KEYS) KEYS[field].push(key);
}

/**
 * A value of a car document (fuel, gearbox, body, drive, colour, condition) in the page's language.
 * The search service writes them in the market's first language ('Bensiini' on the Finnish site);
 * the `carValue.*` translations name the same words in every language. A word they do not know is
 * shown as the service wrote it.
 */
export function carValueText(market: Market, t: Translate, field: CarValueField, value: string): string {
  const source = DICTIONARIES[market.languages[0]!];
  const key = KEYS[field].find((k) => source[k] === value);
  return key ? t(key) : value;
}

/**
 * The words of one field that read differently in the page's language, by the service's word
 * ({ Bensiini: 'Bensin' } on the Finnish site in Swedish; empty in the market's own language):
 * small enough to send to an island that shows cards.
 */
export function carValueWords(market: Market, t: Translate, field: CarValueField): Record<string, string> {
  const source = DICTIONARIES[market.languages[0]!];
  return Object.fromEntries(KEYS[field].map((k) => [source[k], t(k)] as const).filter(([from, to]) => from !== to));
}
