import type { TranslationKey } from '../../../markets/translations/sv.js';

/** The flow's texts: every `tirehotel.*` translation of the page's language, by key without the prefix (views/blocks/TireHotelBlock.tsx). */
export type TireHotelTextKey = TranslationKey extends infer Key
  ? Key extends `tirehotel.${infer Name}`
    ? Name
    : never
  : never;
export type TireHotelTexts = Record<TireHotelTextKey, string>;

/** Fills `{name}` placeholders, as the server's translate does. */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
