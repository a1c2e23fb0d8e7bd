import type { z } from 'zod';
import type { Market } from '../../markets/schema.js';
import type { MarketFeature } from './apiOperation.js';
import type { PostedShape } from './postedValues.js';
import { CAR_CONTACT_FORM_NAME } from '../../contracts/carContactForm.js';
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
  /** How the form's posted text fields become its values (server/api/postedValues.ts). */
  posted: PostedShape;
}

const sitePrefixed = (suffix: string) => (name: string) => name.endsWith(suffix) && name.length <= 100;

/** Checked in order: the short sell-car suffix before the long one. */
export const KNOWN_FORMS: readonly KnownForm[] = [
  {
    kind: 'sell-car-short',
    matches: sitePrefixed('SellCarShortForm'),
    nameOnSite: (market) => sellCarShortFormName(market.siteName),
    values: SellCarShortValuesSchema,
    posted: { numbers: ['milage'] },
  },
  {
    kind: 'sell-car',
    matches: sitePrefixed('SellCarForm'),
    nameOnSite: (market) => sellCarFormName(market.siteName),
    values: SellCarValuesSchema,
    posted: { numbers: ['milage'] },
  },
  {
    kind: 'service-booking',
    matches: (name) => name === SERVICE_BOOKING_FORM_NAME,
    values: ServiceBookingValuesSchema,
    feature: 'serviceRequestForm',
    posted: { numbers: ['milage'], flags: ['gdpr', 'newsletter', 'typeMC'], lists: ['services'], days: ['date'] },
  },
  {
    kind: 'car-detail-contact',
    matches: (name) => name === CAR_CONTACT_FORM_NAME,
    values: ContactValuesSchema,
    posted: { numbers: ['seller'], flags: ['quote', 'testDrive', 'carIsSample'] },
  },
];
