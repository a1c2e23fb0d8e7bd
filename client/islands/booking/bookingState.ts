import { z } from 'zod';
import { MechmateCar, Workshop } from '../../../contracts/upstream/mechmate.js';
import { Place } from '../../../contracts/upstream/maps.js';

/**
 * The booking store (part 2 §3.1): one sessionStorage entry per key, so a reload resumes at the
 * same step. Field names are the specification's (`milage` sic).
 */

/** A chosen service or add-on, keyed by its offering code; the price is filled in by the price lookup. */
export const SelectedService = z.object({
  name: z.string(),
  price: z.number().nullable(),
  priceKnown: z.boolean(),
  priceDiscount: z.number().nullable(),
  category: z.string(),
  type: z.enum(['service', 'addon']),
  /** The quantity, for offerings with a unitPrice. */
  unit: z.number().int().nullable(),
  unitAbbreviation: z.string().nullable(),
  userInput: z.string().nullable(),
  /** Exclusive add-on group (the category's selectionType): choosing one removes the others of the category. */
  exclusive: z.boolean(),
});
export type SelectedService = z.infer<typeof SelectedService>;

export const BookingInfo = z.object({
  /** Whether an add-on is chosen (step 3's two buttons). */
  addons: z.boolean(),
  /** The chosen workshop. */
  location: Workshop.nullable(),
  /** `YYYY-MM-DDTHH:mm:ss`, local time of the workshop. */
  timeSlot: z.string().nullable(),
  isFullDay: z.boolean(),
  /** The booking service's id once booked. */
  bookingId: z.string().nullable(),
});
export type BookingInfo = z.infer<typeof BookingInfo>;

/** Step numbers as displayState holds them (part 2 §2.1): 0 registration and place, 2 services, 3 add-ons, 4 workshop, time and contact; 5 is the confirmation. */
export type DisplayState = 0 | 2 | 3 | 4 | 5;

export const BookingStoreSchema = {
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  car: MechmateCar.nullable(),
  milage: z.number().int().min(0).nullable(),
  bookingState: z.number().int().min(0).max(5),
  services: z.record(z.string(), SelectedService),
  maxBookingState: z.number().int().min(0).max(5),
  region: z.string().nullable(),
  displayState: z.union([z.literal(0), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  bookingInfo: BookingInfo,
  /** The place the shopper chose (name, coordinates, county). */
  location: Place.nullable(),
} as const;

export type BookingStore = { [K in keyof typeof BookingStoreSchema]: z.infer<(typeof BookingStoreSchema)[K]> };
export type BookingStoreKey = keyof BookingStore;
export const BOOKING_STORE_KEYS = Object.keys(BookingStoreSchema) as BookingStoreKey[];

export const EMPTY_BOOKING_INFO: BookingInfo = { addons: false, location: null, timeSlot: null, isFullDay: false, bookingId: null };

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
