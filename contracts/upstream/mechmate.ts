import { z } from 'zod';
import {
  bookingPhone,
  clockTime,
  emailAddress,
  latitude,
  localDateTime,
  longitude,
  midnightDateTime,
  queryNumber,
} from './primitives.js';

/**
 * Contract of the booking service 'MechMate' (part 2 §3.1, §7, §8). Paths are the BFF's
 * `/api/mechmate/...` paths without that prefix. Field names are the specification's; where it
 * shows no shape, the choice made here is written next to the field.
 */

// ---------- shared pieces ----------

/** Max 6 characters (§5.1), letters and digits; the service itself answers InvalidReg for a non-Swedish format. */
export const MechmateRegistrationNumber = z.string().regex(/^[A-Za-z0-9]{1,6}$/, 'expected 1 to 6 letters or digits');
/** An offering code such as `originalservice` or `wiperblades`. */
export const OfferingCode = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, 'expected an offering code');
/** `serviceOfferings=a,b,c` in a query string: comma-separated codes, at least one, at most 50. */
export const OfferingCodeList = z
  .string()
  .max(2000)
  .transform((text) =>
    text
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  )
  .pipe(z.array(OfferingCode).min(1).max(50));
/** Departments are numbered (designed here: positive integers, also the SSE `id:`). */
export const DepartmentId = queryNumber.pipe(z.number().int().positive().max(2_147_483_647));

/**
 * Error body (§7, §8): the message code is `errors['Error Result'][0]`, one of `InvalidReg`,
 * `VehicleNotFound`, `BrandNotSupported, <brand>`, `TimeslotNotAvailable`, `ServerError`, or
 * (designed here) `InvalidInput` for a malformed request, whose other keys name the fields.
 * Faults injected by the sandbox frame answer `{ message }` instead, as a proxy in front would.
 */
export const MechmateErrorBody = z.object({
  title: z.string().optional(),
  status: z.number().int().optional(),
  errors: z.object({ 'Error Result': z.array(z.string()).min(1) }).catchall(z.array(z.string())),
});
export type MechmateErrorBody = z.infer<typeof MechmateErrorBody>;
export const MECHMATE_ERROR_CODES = [
  'InvalidReg',
  'VehicleNotFound',
  'BrandNotSupported',
  'TimeslotNotAvailable',
  'ServerError',
  'InvalidInput',
] as const;

// ---------- GET /car/:regNo ----------

export const CarPathParams = z.object({ regNo: MechmateRegistrationNumber });
export const MechmateCar = z.object({
  registrationNumber: z.string(),
  brand: z.string(),
  model: z.string(),
  buildYear: z.number().int(),
  hasServiceAgreement: z.boolean(),
  isSupported: z.boolean(),
});
export type MechmateCar = z.infer<typeof MechmateCar>;

// ---------- GET /services/:regNo?lat&lng and GET /addons/:regNo?lat&lng ----------

export const OfferingsPathParams = z.object({ regNo: MechmateRegistrationNumber });
export const OfferingsQuery = z.object({ lat: latitude, lng: longitude });

export const UnitPrice = z.object({
  minimum: z.number().int().min(0),
  maximum: z.number().int().min(0),
  /** Name of the unit, e.g. `Liter`; the price is per unit. */
  unit: z.string(),
  unitAbbreviation: z.string(),
  /** Shown after the price, e.g. `/st`. */
  postfix: z.string(),
});
export const Offering = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Median price in SEK (§9); null when unknown. */
  price: z.number().nullable(),
  priceKnown: z.boolean(),
  /** Shown instead of a price when priceKnown is false. */
  notKnownPriceText: z.string().nullable(),
  /** Designed here: the discounted price in SEK for a car with a service agreement, else null. */
  priceDiscount: z.number().nullable(),
  isAvailable: z.boolean(),
  /** Set for quantity-based offerings (a dropdown from minimum to maximum). */
  unitPrice: UnitPrice.nullable(),
  /** A message of at most 80 characters is required once checked. */
  allowUserInput: z.boolean(),
});
export type Offering = z.infer<typeof Offering>;

export const OfferingCategory = z.object({
  name: z.string(),
  /** Designed here: an icon name, e.g. `oil`, `tire`, `wiper`. */
  icon: z.string(),
  offerings: z.array(Offering),
  /** Add-ons only: any non-null value makes the category exclusive (the sandbox sends `single`). */
  selectionType: z.string().nullable().optional(),
});
export type OfferingCategory = z.infer<typeof OfferingCategory>;
export const OfferingsResponse = z.object({ serviceOfferingCategories: z.array(OfferingCategory) });
export type OfferingsResponse = z.infer<typeof OfferingsResponse>;

// ---------- GET /prices/:regNo/:mileage/:departmentId?serviceOfferings= ----------

export const PricesPathParams = z.object({
  regNo: MechmateRegistrationNumber,
  /** Swedish 'mil' (10 km); 1 when not set (§9). */
  mileage: queryNumber.pipe(z.number().int().min(0).max(1_000_000)),
  departmentId: DepartmentId,
});
export const PricesQuery = z.object({ serviceOfferings: OfferingCodeList });
export const PriceOffer = z.object({
  code: z.string(),
  price: z.number().nullable(),
  priceKnown: z.boolean(),
  priceDiscount: z.number().nullable(),
});
export const PricesResponse = z.object({ offers: z.array(PriceOffer) });
export type PricesResponse = z.infer<typeof PricesResponse>;

// ---------- GET /departments/closestAvailable (text/event-stream) ----------

export const ClosestAvailableQuery = z.object({
  regNo: MechmateRegistrationNumber,
  serviceOfferings: OfferingCodeList,
  latitude,
  longitude,
  /** The last workshop already shown; the stream continues after it. `Last-Event-ID` does the same. */
  cursor: DepartmentId.optional(),
});
export type ClosestAvailableQuery = z.infer<typeof ClosestAvailableQuery>;

export const Workshop = z.object({
  departmentId: z.number().int(),
  siteId: z.string(),
  siteName: z.string(),
  /** One line: street, zip and city. */
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  brands: z.array(z.string()),
  /** The first free slot as local time, null when none in the coming 12 weeks. */
  firstTimeSlot: localDateTime.nullable(),
});
export type Workshop = z.infer<typeof Workshop>;
export const NoSitesMessage = z.object({ nosites: z.literal(true) });
export const StreamErrorMessage = z.object({ error: z.string() });
/** One `data:` message of the stream: a workshop (with `id:` = departmentId), `{nosites}` or `{error}`. */
export const ClosestAvailableMessage = z.union([Workshop, NoSitesMessage, StreamErrorMessage]);
export type ClosestAvailableMessage = z.infer<typeof ClosestAvailableMessage>;

// ---------- GET /timeslots/from/:regNo/:departmentId/:date?serviceOfferings= ----------

export const TimeslotsPathParams = z.object({
  regNo: MechmateRegistrationNumber,
  departmentId: DepartmentId,
  date: midnightDateTime,
});
export const TimeslotsQuery = z.object({ serviceOfferings: OfferingCodeList.optional() });
export const TimeslotDay = z.object({
  date: midnightDateTime,
  availableSlots: z.array(clockTime),
  /** The car may be left before 08:00 for the whole day (booked as 08:00 with isFullDay). */
  allDaySlotAvailable: z.boolean(),
});
export type TimeslotDay = z.infer<typeof TimeslotDay>;
export const TimeslotsResponse = z.array(TimeslotDay);
export type TimeslotsResponse = z.infer<typeof TimeslotsResponse>;

// ---------- POST /book ----------

export const BookingRequest = z.object({
  customer: z.object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    phone: bookingPhone,
    email: emailAddress,
  }),
  freeText: z.string().max(80).nullable().optional(),
  departmentId: z.number().int().positive(),
  timeSlot: localDateTime,
  isFullDay: z.boolean(),
  registrationNumber: MechmateRegistrationNumber,
  mileage: z.number().int().min(0).max(1_000_000),
  serviceOfferingRequests: z
    .array(
      z.object({
        /** The offering code. */
        kobraId: OfferingCode,
        unitsSelected: z.number().int().min(0).max(1000).nullable().optional(),
        userInput: z.string().max(80).nullable().optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type BookingRequest = z.infer<typeof BookingRequest>;
export const BookingResponse = z.object({ id: z.string() });
export type BookingResponse = z.infer<typeof BookingResponse>;

// ---------- GET /authorized-workshop/:brand ----------

/** Brand with spaces replaced by hyphens, e.g. `Land-Rover`. */
export const AuthorizedWorkshopPathParams = z.object({
  brand: z.string().regex(/^[\p{L}\p{N}-]{1,40}$/u, 'expected a brand'),
});
export const AuthorizedWorkshopResponse = z.object({ hasBrand: z.boolean() });
export type AuthorizedWorkshopResponse = z.infer<typeof AuthorizedWorkshopResponse>;
