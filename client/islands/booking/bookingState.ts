import type { z } from 'zod';
import type {
  BookingInfo as BookingInfoSchema,
  BookingStoreSchema,
  SelectedService as SelectedServiceSchema,
} from './bookingSchemas.js';

/**
 * The booking store (part 2 §3.1): one sessionStorage entry per key, so a reload resumes at the
 * same step. Field names are the specification's (`milage` sic). The zod shapes are in bookingSchemas.ts.
 */

/** A chosen service or add-on, keyed by its offering code; the price is filled in by the price lookup. */
export type SelectedService = z.infer<typeof SelectedServiceSchema>;
export type BookingInfo = z.infer<typeof BookingInfoSchema>;

/** Step numbers as displayState holds them (part 2 §2.1): 0 registration and place, 2 services, 3 add-ons, 4 workshop, time and contact; 5 is the confirmation. */
export type DisplayState = 0 | 2 | 3 | 4 | 5;

export type BookingStore = { [K in keyof typeof BookingStoreSchema]: z.infer<(typeof BookingStoreSchema)[K]> };
export type BookingStoreKey = keyof BookingStore;

/** A service's user message and the contact form's message: at most 80 characters (part 2 §5.1, §9). */
export const USER_INPUT_MAX = 80;

export const EMPTY_BOOKING_INFO: BookingInfo = {
  addons: false,
  location: null,
  timeSlot: null,
  isFullDay: false,
  bookingId: null,
};

export const INITIAL_BOOKING: BookingStore = {
  lat: null,
  lng: null,
  car: null,
  milage: null,
  bookingState: 0,
  services: {},
  maxBookingState: 5,
  region: null,
  displayState: 0,
  bookingInfo: EMPTY_BOOKING_INFO,
  location: null,
};
