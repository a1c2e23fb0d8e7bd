import type { TranslationKey } from '../../../markets/translations/sv.js';

/** The island's texts: every `booking.*` key of the market's dictionary, as the page translated them. */
export type BookingTextKey = Extract<TranslationKey, `booking.${string}`>;
export type BookingTexts = Record<BookingTextKey, string>;

/** Fills `{name}` placeholders, as the server's translate function does. */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
