import { z } from 'zod';
import { MechmateCar, Workshop } from '../../../contracts/upstream/mechmate.js';
import { Place } from '../../../contracts/upstream/maps.js';

/**
 * The booking store's shapes (part 2 §3.1) in zod, for reading sessionStorage back safely. Kept apart
 * from bookingState.ts so zod is not needed to render and hydrate step 1 (this loads right after).
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

/** The store, key by key (each is its own sessionStorage entry). */
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
