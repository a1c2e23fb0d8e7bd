import { z } from 'zod';
import { emailAddress, isoDate, localDateTime } from './primitives.js';

/**
 * Contract of the tire-hotel service (part 2 §3.3, §7, §8). Paths are the BFF's
 * `/api/tirehotel/...` paths without that prefix.
 *
 * Flow (designed here where §7 is silent): `search` finds the agreement; `login` sends the
 * one-time code and answers a short-lived login token; `validate` takes that token and the code
 * and answers the vehicles plus the session token. Every `booking/*` and `review/*` call needs
 * `Authorization: Bearer <session token>`; a missing, unknown or expired one answers 401.
 * Every error answers `{ message }` in Swedish, shown to the shopper as it is (§8).
 */

export const TirehotelErrorBody = z.object({ message: z.string() });
export type TirehotelErrorBody = z.infer<typeof TirehotelErrorBody>;

/** Spaces stripped and upper-cased by the caller; 2 to 7 characters (§5.3). */
export const TirehotelRegistrationNumber = z.string().regex(/^[A-Za-z0-9]{2,7}$/, 'expected 2 to 7 letters or digits');
/** Opaque, URL-safe. */
const opaqueToken = z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, 'expected a token');

// ---------- GET /authorization/search?regNo ----------

export const SearchQuery = z.object({ regNo: TirehotelRegistrationNumber });
export const TirehotelCustomer = z.object({
  encryptedPhoneNumber: opaqueToken,
  /** e.g. `070-***** 67` */
  obfuscatedPhoneNumber: z.string(),
  regNo: z.string(),
});
export type TirehotelCustomer = z.infer<typeof TirehotelCustomer>;

// ---------- POST /authorization/login?encryptedPhoneNumber ----------

export const LoginQuery = z.object({ encryptedPhoneNumber: opaqueToken });
/** Credentials: the login token to send back to validate (expires in 10 minutes), and a message for the shopper. */
export const TirehotelCredentials = z.object({ authorizationToken: opaqueToken, message: z.string() });
export type TirehotelCredentials = z.infer<typeof TirehotelCredentials>;

// ---------- POST /authorization/validate?authToken&otpToken ----------

export const ValidateQuery = z.object({
  authToken: opaqueToken,
  otpToken: z.string().regex(/^\d{4}$/, 'expected 4 digits'),
});
export const TireWheel = z.object({
  name: z.string(),
  rimDiameter: z.number(),
  sectionWidth: z.number(),
  threadPattern: z.string(),
  /** Millimetres. */
  threadDepth: z.number(),
  aspectRatio: z.number(),
  /** 0 fine, 1 change recommended (warning card), 2 worn (icon); above 0 shows a warning icon. */
  threadStatusId: z.number().int().min(0),
  threadStatusMessage: z.string(),
});
export const Tire = z.object({
  /** `LF`, `RF`, `LR`, `RR`. */
  equipmentPosition: z.string(),
  wheel: TireWheel,
});
export const TirehotelLocation = z.object({
  locationName: z.string(),
  departmentName: z.string(),
  /** The workshop identifier of every booking call. */
  erpId: z.string(),
  phone: z.string(),
  email: z.string(),
});
export const TirehotelVehicle = z.object({
  regNo: z.string(),
  name: z.string(),
  brand: z.string(),
  brandCode: z.string(),
  model: z.string(),
  productId: z.string(),
  packageLevel: z.string(),
  location: TirehotelLocation,
  tires: z.array(Tire),
});
export type TirehotelVehicle = z.infer<typeof TirehotelVehicle>;
/** status 0 means validated (§2.5). Designed here: the session token for later calls comes with it. */
export const TirehotelValidated = z.object({
  status: z.number().int(),
  vehicles: z.array(TirehotelVehicle),
  authorizationToken: opaqueToken,
  /** ISO instant when the session token stops working. */
  expiresAt: z.string(),
});
export type TirehotelValidated = z.infer<typeof TirehotelValidated>;

// ---------- POST /booking/GetTimeslotDays|GetTimeslots?workshopIdentifier ----------

export const WorkshopQuery = z.object({ workshopIdentifier: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
/** regNo carries the vehicle's brandCode (§7, a quirk of the service). GetTimeslots sends one day as start and end. */
export const TimeslotRangeRequest = z.object({
  startDate: isoDate,
  endDate: isoDate,
  regNo: z.string().min(1).max(20),
});
export type TimeslotRangeRequest = z.infer<typeof TimeslotRangeRequest>;
export const TimeslotDaysResponse = z.object({ availableDates: z.array(z.object({ date: isoDate })) });
export type TimeslotDaysResponse = z.infer<typeof TimeslotDaysResponse>;
/** startTime values are local times (`2026-03-02T08:30:00`); the client shows them as HH:mm. */
export const TimeslotsResponse = z.object({
  availableTimeSlotDates: z.array(z.object({ date: isoDate, startTime: z.array(localDateTime) })),
});
export type TimeslotsResponse = z.infer<typeof TimeslotsResponse>;

// ---------- POST /booking/create?departmentIdentifier ----------

export const CreateQuery = z.object({ departmentIdentifier: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
/** Mobile (§5.3): every character but digits and plus signs is stripped, leaving 8 to 15 of them. */
export const tirehotelMobile = z
  .string()
  .max(40)
  .transform((text) => text.replace(/[^\d+]/g, ''))
  .pipe(z.string().regex(/^[\d+]{8,15}$/, 'expected 8 to 15 digits or plus signs'));
/** The booking's customer; also the Booking page's contact form (contracts/forms.ts), so both validate alike. */
export const TirehotelBookingCustomer = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: emailAddress,
  phoneMobile: tirehotelMobile,
});
export const TirehotelBookingRequest = z.object({
  bookingDate: isoDate,
  /** One of the day's startTime values, or null when the day has no slots (the workshop calls back). */
  bookingStart: localDateTime.nullable(),
  regNo: TirehotelRegistrationNumber,
  freeText: z.string().max(500).nullable().optional(),
  customer: TirehotelBookingCustomer,
});
export type TirehotelBookingRequest = z.infer<typeof TirehotelBookingRequest>;
export const TirehotelConfirmation = z.object({
  bookingConfirmationId: z.string(),
  customerBase: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phoneMobile: z.string() }),
  services: z.array(z.object({ name: z.string() })).min(1),
  /** Local time; the day at 00:00:00 when booked without a time. */
  appointmentTime: localDateTime,
  isFullDay: z.boolean(),
  workshop: z.object({ name: z.string(), address: z.string(), email: z.string(), phoneNumber: z.string() }),
  freeText: z.string().nullable(),
});
export type TirehotelConfirmation = z.infer<typeof TirehotelConfirmation>;

// ---------- POST /review/addReview ----------

export const ReviewRequest = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().max(1000).nullable().optional(),
  /** ISO instant. */
  date: z.iso.datetime({ offset: true }),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;
/** Designed here: the answer is not shown to the shopper (§7); it names the stored review. */
export const ReviewResponse = z.object({ reviewId: z.string() });
export type ReviewResponse = z.infer<typeof ReviewResponse>;
