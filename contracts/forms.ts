import { z } from 'zod';
import { bookingPhone, emailAddress, isoDate } from './upstream/primitives.js';
import { TirehotelBookingCustomer } from './upstream/tirehotel.js';

/**
 * What each known form must hold (part 1 §3, §5; part 2 §2.2, §2.3, §3.2, §5.2). The hub takes
 * any form by name, so these are the only rules: the BFF validates every post with them and each
 * island's form validates with the same schemas (react-hook-form's zod resolver). Values are strict
 * objects: an unknown key is refused, not passed on. No schema holds a recipient address: the BFF
 * looks the seller's, site's or workshop's e-mail up by the id sent (server/api/formRecipients.ts),
 * so a body naming one (`siteEmail`, `sellerEmail`) is refused with 400 rather than relayed.
 *
 * formName values:
 *  - `{siteName}SellCarForm`, e.g. `BilcenterSellCarForm` (the spec: site name plus 'SellCarForm');
 *  - `{siteName}SellCarShortForm`: the shorter variant on the booking page;
 *  - `ServiceBookingForm`: the Norwegian workshop service request (markets with serviceRequestForm);
 *  - `CarDetailContactForm`: the contact-the-seller form on the car page.
 */

const personName = z.string().trim().min(1, 'required').max(100);
const message = z.string().max(1000);
const formRegNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 -]{2,10}$/, 'expected a registration number');
const mileage = z.number().int().min(0).max(10_000_000);
/** The radio choice of the sell-car forms. */
export const SELL_CAR_OPTIONS = ['sellCar', 'tradeInCar'] as const;
export type SellCarOption = (typeof SELL_CAR_OPTIONS)[number];

export const SellCarValuesSchema = z.strictObject({
  regno: formRegNo,
  milage: mileage,
  customerName: personName,
  customerPhone: bookingPhone,
  customerEmail: emailAddress,
  option: z.enum(SELL_CAR_OPTIONS),
  other: message.optional(),
});

export const SellCarShortValuesSchema = z.strictObject({
  customerName: personName,
  customerPhone: bookingPhone,
  customerEmail: emailAddress,
  option: z.enum(SELL_CAR_OPTIONS),
  regno: formRegNo.optional(),
  milage: mileage.optional(),
});

/** Service types 1 to 11 and the motorcycle types 0 to 2 (part 2 §2.3), sent by name. */
export const SERVICE_TYPES = [
  'Service',
  'Vinterklar-bil',
  'EU-kontroll',
  'Hjulskift',
  'Service eldre biler (5+)',
  'Reparasjon',
  'Lakk / karosseri',
  'Steinsprut / Ruteskift',
  'Aircondition service',
  'Bilskade',
  'Annet',
] as const;
export const MOTORCYCLE_SERVICE_TYPES = ['Bestille service', 'Bestile deler', 'Annet, vennligst beskriv'] as const;

/** Today in Oslo, so 'past days disabled' means the same day as in the shopper's calendar. */
const osloToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());

export const ServiceBookingValuesSchema = z
  .strictObject({
    /** The chosen dealer's site id: the BFF looks up its workshop e-mail and name (a browser never names a recipient). */
    siteId: z.string().trim().min(1, 'required').max(64),
    description: message.optional(),
    customerName: personName,
    customerPhone: bookingPhone,
    customerEmail: emailAddress,
    regno: formRegNo,
    milage: mileage.optional(),
    other: message.optional(),
    date: isoDate.refine((day) => day >= osloToday(), 'the date is in the past'),
    services: z
      .array(z.enum([...SERVICE_TYPES, ...MOTORCYCLE_SERVICE_TYPES]))
      .max(14)
      .default([]),
    gdpr: z.literal(true, 'consent is required'),
    newsletter: z.boolean(),
    typeMC: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const allowed: readonly string[] = values.typeMC ? MOTORCYCLE_SERVICE_TYPES : SERVICE_TYPES;
    values.services.forEach((name, i) => {
      if (!allowed.includes(name))
        ctx.addIssue({
          code: 'custom',
          path: ['services', i],
          message: `not a ${values.typeMC ? 'motorcycle' : 'car'} service type`,
        });
    });
  });

export const ContactValuesSchema = z
  .strictObject({
    name: personName,
    phone: bookingPhone,
    email: emailAddress,
    message: message.optional(),
    siteName: z.string().max(200).optional(),
    quote: z.boolean().optional(),
    testDrive: z.boolean().optional(),
    carId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    /** A new-car sample is sold by a chosen seller (part 1 §5): the BFF checks it against the car. */
    carIsSample: z.boolean().optional(),
    /** The chosen seller's place in the car's seller list; the BFF looks up the e-mail. */
    seller: z.number().int().min(0).max(49).optional(),
  })
  .refine((values) => !values.carIsSample || values.seller !== undefined, {
    path: ['seller'],
    message: 'choose a seller for a sample car',
  });

/** The site's own sell-car form names (part 2 §3.2: the site name plus 'SellCarForm'); another site's name is refused. */
export const sellCarFormName = (siteName: string) => `${siteName}SellCarForm`;
export const sellCarShortFormName = (siteName: string) => `${siteName}SellCarShortForm`;
export const SERVICE_BOOKING_FORM_NAME = 'ServiceBookingForm';
/**
 * The tire-hotel Booking page's contact form (part 2 §4.3, §5.3): the booking's customer, as the BFF
 * validates it, plus the optional comment sent as freeText. The mobile is normalised by the schema.
 */
export const TirehotelContactValuesSchema = TirehotelBookingCustomer.extend({ freeText: z.string().max(500) });
export type TirehotelContactValues = z.input<typeof TirehotelContactValuesSchema>;

/**
 * The key of one booking (service booking, tire-hotel booking), the same on every retry of it
 * (client/forms/useSubmissionId): the BFF books once per key and answers a retry with that booking.
 */
export const BookingRequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected a booking request id');
