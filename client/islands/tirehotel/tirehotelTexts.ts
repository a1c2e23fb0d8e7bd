import type { TranslationKey } from '../../../markets/translations/sv.js';

/** The flow's texts: every `tirehotel.*` translation of the page's language, by key without the prefix (views/blocks/TireHotelBlock.tsx). */
export type TireHotelTextKey = TranslationKey extends infer Key
  ? Key extends `tirehotel.${infer Name}`
    ? Name
    : never
  : never;
export type TireHotelTexts = Record<TireHotelTextKey, string>;

/** A link the block gives the flow: its text and where it goes. */
export interface TireHotelLink {
  text: string;
  url: string;
}
