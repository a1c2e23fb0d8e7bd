import type { BookingPageContent } from '../../../contracts/upstream/bookingContent.js';
import type { Market } from '../../../markets/schema.js';
import type { BookingTexts } from './bookingTexts.js';

/** What the page gives the booking island (views/pages/booking/BookingSection.tsx). */
export interface BookingProps {
  texts: BookingTexts;
  /** `sv-SE`: prices and dates. */
  locale: string;
  content: BookingPageContent | null;
  /** `?lat=&lng=` of the page's address: the place to start with. */
  prefill: { lat: number; lng: number } | null;
  map: { tileUrl: string; attribution: string };
  /** The market's customer service, which the no-workshop and failure texts name. */
  customerService: Market['customerService'];
}
