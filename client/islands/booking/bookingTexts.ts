import type { TranslationKey } from '../../../markets/translations/sv.js';

/** The island's texts: every `booking.*` key of the market's dictionary, as the page translated them. */
export type BookingTextKey = Extract<TranslationKey, `booking.${string}`>;
export type BookingTexts = Record<BookingTextKey, string>;
