import type { z } from 'zod';
import type { Market } from '../../markets/schema.js';
import type { MarketFeature } from './apiOperation.js';
import {
  ContactValuesSchema,
  SERVICE_BOOKING_FORM_NAME,
  SellCarShortValuesSchema,
  SellCarValuesSchema,
  ServiceBookingValuesSchema,
  sellCarFormName,
  sellCarShortFormName,
} from '../../contracts/forms.js';

export interface KnownForm {
  kind: string;
  /** Which formName values mean this form, on any site (the name's shape). */
  matches: (formName: string) => boolean;
  /** The one name this form has on the host's site, when it is named after the site (part 2 §3.2). */
  nameOnSite?: (market: Market) => string;
  values: z.ZodType<Record<string, unknown>>;
  feature?: MarketFeature;
}

const sitePrefixed = (suffix: string) => (name: string) => name.endsWith(suffix) && name.length <= 100;

/** Checked in order: the short sell-car suffix before the long one. */
export const KNOWN_FORMS: readonly KnownForm[] = [
  {
    kind: 'sell-car-short',
    matches: sitePrefixed('SellCarShortForm'),
    nameOnSite: (market) => sellCarShortFormName(market.siteName),
    values: SellCarShortValuesSchema,
  },
  {
    kind: 'sell-car',
    matches: sitePrefixed('SellCarForm'),
    nameOnSite: (market) => sellCarFormName(market.siteName),
    values: SellCarValuesSchema,
  },
  {
    kind: 'service-booking',
    matches: (name) => name === SERVICE_BOOKING_FORM_NAME,
    values: ServiceBookingValuesSchema,
    feature: 'serviceRequestForm',
  },
  { kind: 'car-detail-contact', matches: (name) => name === 'CarDetailContactForm', values: ContactValuesSchema },
];
