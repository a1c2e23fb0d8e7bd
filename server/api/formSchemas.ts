import type { z } from 'zod';
import type { MarketFeature } from './apiOperation.js';
import { ContactValuesSchema, SellCarShortValuesSchema, SellCarValuesSchema, ServiceBookingValuesSchema } from '../../contracts/forms.js';

export interface KnownForm {
  kind: string;
  /** Which formName values mean this form. */
  matches: (formName: string) => boolean;
  values: z.ZodType<Record<string, unknown>>;
  feature?: MarketFeature;
}

const sitePrefixed = (suffix: string) => (name: string) => new RegExp(`^[A-Za-z0-9 ]{0,60}${suffix}$`).test(name);

/** Checked in order: the short sell-car suffix before the long one. */
export const KNOWN_FORMS: readonly KnownForm[] = [
  { kind: 'sell-car-short', matches: sitePrefixed('SellCarShortForm'), values: SellCarShortValuesSchema },
  { kind: 'sell-car', matches: sitePrefixed('SellCarForm'), values: SellCarValuesSchema },
  { kind: 'service-booking', matches: (name) => name === 'ServiceBookingForm', values: ServiceBookingValuesSchema, feature: 'serviceRequestForm' },
  { kind: 'car-detail-contact', matches: (name) => name === 'CarDetailContactForm', values: ContactValuesSchema },
];
