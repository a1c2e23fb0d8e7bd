import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { BookingRequestId } from '../../contracts/forms.js';
import type { SubmissionLedger } from '../searchCache/submissionLedger.js';
import { callContextOf, writeContextOf } from '../upstream/callContext.js';
import {
  AuthorizedWorkshopPathParams,
  AuthorizedWorkshopResponse,
  BookingRequest,
  BookingResponse,
  CarPathParams,
  MechmateCar,
  MechmateRegistrationNumber,
  OfferingsQuery,
  OfferingsResponse,
  PricesPathParams,
  PricesQuery,
  PricesResponse,
  TimeslotsPathParams,
  TimeslotsQuery,
  TimeslotsResponse,
} from '../../contracts/upstream/mechmate.js';
import type { MechmateClient } from '../upstream/mechmateClient.js';
import { addRoute, exampleDay, operation, parseRequest } from './apiOperation.js';
import { oncePerKey, writeKey } from './oncePerKey.js';
import { closestAvailableOperation } from './workshopStream.js';
import { countOrRefuse, type RequestLimits } from '../security/rateLimits.js';

/** Registration numbers are upper-cased for the shopper (part 2 §5.1); spaces as in 'ABC 123' are dropped. */
const regNoInput = z
  .string()
  .max(20)
  .transform((text) => text.replace(/\s+/g, '').toUpperCase())
  .pipe(MechmateRegistrationNumber);

const booking = { tag: 'booking', feature: 'booking' } as const;
const regNoNote = 'regNo: a Swedish registration number, spaces dropped and upper-cased (abc 123 is ABC123).';
/** How the sandbox's offering answers look (one category, shortened). */
const EXAMPLE_OFFERINGS = {
  serviceOfferingCategories: [
    {
      name: 'Service',
      icon: 'service',
      offerings: [
        {
          code: 'oilservice',
          name: 'Oljeservice',
          description: 'Byte av motorolja och oljefilter.',
          price: 1815,
          priceKnown: true,
          notKnownPriceText: null,
          priceDiscount: null,
          isAvailable: true,
          unitPrice: null,
          allowUserInput: false,
        },
      ],
    },
  ],
};

export const mechmateOperations = {
  car: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/car/{regNo}',
    summary: 'The car of a registration number',
    description: `Brand, model and year of the car, whether it has a service agreement, and whether an authorised workshop serves its brand (isSupported). ${regNoNote} 404 VehicleNotFound for an unknown car.`,
    params: CarPathParams.extend({ regNo: regNoInput }),
    response: {
      schema: MechmateCar,
      example: {
        registrationNumber: 'ABC123',
        brand: 'Volvo',
        model: 'V60',
        buildYear: 2020,
        hasServiceAgreement: false,
        isSupported: true,
      },
    },
    example: () => ({ params: { regNo: 'ABC123' } }),
  }),
  services: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/services/{regNo}',
    summary: 'Service offerings for the car near a place',
    description: `The services (by category) the workshops near lat/lng offer for the car, with a from-price each; codes are what prices, timeslots and book take. ${regNoNote}`,
    params: z.object({ regNo: regNoInput }),
    query: OfferingsQuery,
    response: { schema: OfferingsResponse, example: EXAMPLE_OFFERINGS },
    example: () => ({ params: { regNo: 'ABC123' }, query: { lat: '59.33', lng: '18.07' } }),
  }),
  addons: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/addons/{regNo}',
    summary: 'Add-on offerings for the car near a place',
    description: `Add-ons to a service (wipers, wash, fluids), by category; in a category with selectionType single, one offering at most. ${regNoNote}`,
    params: z.object({ regNo: regNoInput }),
    query: OfferingsQuery,
    response: {
      schema: OfferingsResponse,
      example: {
        serviceOfferingCategories: [
          { ...EXAMPLE_OFFERINGS.serviceOfferingCategories[0]!, name: 'Tvätt', icon: 'wash', selectionType: 'single' },
        ],
      },
    },
    example: () => ({ params: { regNo: 'ABC123' }, query: { lat: '59.33', lng: '18.07' } }),
  }),
  prices: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/prices/{regNo}/{mileage}/{departmentId}',
    summary: 'Prices of the chosen offerings at one workshop',
    description: `The price of each chosen offering (serviceOfferings, comma-separated codes) at the workshop departmentId, for the car at its mileage (in Swedish mil); priceKnown false when the workshop prices it on site. ${regNoNote}`,
    params: PricesPathParams.extend({ regNo: regNoInput }),
    query: PricesQuery,
    response: {
      schema: PricesResponse,
      example: { offers: [{ code: 'oilservice', price: 1925, priceKnown: true, priceDiscount: null }] },
    },
    example: () => ({
      params: { regNo: 'ABC123', mileage: '1500', departmentId: '2001' },
      query: { serviceOfferings: 'oilservice' },
    }),
  }),
  timeslots: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/timeslots/from/{regNo}/{departmentId}/{date}',
    summary: 'Free times per day from a date',
    description: `The free start times (HH:MM, Stockholm time) of the workshop for the chosen offerings, day by day from date (YYYY-MM-DDT00:00:00), and whether the car can be left for the whole day. A day and time of it is what book takes as timeSlot. ${regNoNote}`,
    params: TimeslotsPathParams.extend({ regNo: regNoInput }),
    query: TimeslotsQuery,
    response: {
      schema: TimeslotsResponse,
      example: [
        { date: '2026-11-30T00:00:00', availableSlots: ['07:30', '08:00', '13:00'], allDaySlotAvailable: true },
        { date: '2026-12-01T00:00:00', availableSlots: [], allDaySlotAvailable: false },
      ],
    },
    example: () => ({
      params: {
        regNo: 'ABC123',
        departmentId: '2001',
        date: `${exampleDay(1)}T00:00:00`,
      },
      query: { serviceOfferings: 'oilservice' },
    }),
  }),
  book: operation({
    ...booking,
    method: 'post',
    path: '/mechmate/book',
    summary: 'Book a workshop time',
    description:
      'Books the chosen offerings at the workshop at timeSlot (a free time of the timeslots answer, YYYY-MM-DDTHH:MM:00; isFullDay true leaves the car for the day at 08:00). ' +
      'A time taken meanwhile answers 409 (errors.Error Result: TimeslotNotAvailable). bookingRequestId (8-64 of A-Z a-z 0-9 _ -) makes it once only: ' +
      'the same id again, on any replica, answers the same booking; 409 submission_in_progress while the first is running. Bookings are limited per client.',
    body: BookingRequest.extend({ bookingRequestId: BookingRequestId.optional() }),
    response: { schema: BookingResponse, example: { id: 'MM-100001' } },
    example: () => ({
      body: {
        customer: { firstName: 'Anna', lastName: 'Svensson', phone: '+46 70 123 45 67', email: 'anna@example.se' },
        freeText: null,
        departmentId: 2001,
        timeSlot: `${exampleDay(1)}T08:00:00`,
        isFullDay: false,
        registrationNumber: 'ABC123',
        mileage: 1200,
        serviceOfferingRequests: [{ kobraId: 'oilservice', unitsSelected: null, userInput: null }],
      },
    }),
  }),
  authorizedWorkshop: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/authorized-workshop/{brand}',
    summary: 'Whether an authorised workshop serves the brand',
    description:
      'Whether one of the workshops is authorised for the brand (spaces written as hyphens: Land-Rover, Mercedes-Benz), so that a service keeps the warranty.',
    params: AuthorizedWorkshopPathParams,
    response: { schema: AuthorizedWorkshopResponse, example: { hasBrand: true } },
    example: () => ({ params: { brand: 'Volvo' } }),
  }),
};

/** `/api/mechmate/...`: the booking service, relayed with its own error bodies (`errors['Error Result']`). */
export function mechmateRoutes(
  mechmate: MechmateClient,
  limits: RequestLimits,
  relayStream: (req: Request, res: Response) => Promise<void>,
  bookings: SubmissionLedger,
): Router {
  const router = Router();
  const ops = mechmateOperations;
  addRoute(router, ops.car, async (req, res) => {
    const { params } = parseRequest(ops.car, req);
    res.json(await mechmate.car(params.regNo, callContextOf(req, res)));
  });
  addRoute(router, ops.services, async (req, res) => {
    const { params, query } = parseRequest(ops.services, req);
    res.json(await mechmate.services(params.regNo, query, callContextOf(req, res)));
  });
  addRoute(router, ops.addons, async (req, res) => {
    const { params, query } = parseRequest(ops.addons, req);
    res.json(await mechmate.addons(params.regNo, query, callContextOf(req, res)));
  });
  addRoute(router, ops.prices, async (req, res) => {
    const { params, query } = parseRequest(ops.prices, req);
    res.json(await mechmate.prices({ ...params, serviceOfferings: query.serviceOfferings }, callContextOf(req, res)));
  });
  addRoute(router, ops.timeslots, async (req, res) => {
    const { params, query } = parseRequest(ops.timeslots, req);
    res.json(
      await mechmate.timeslots({ ...params, serviceOfferings: query.serviceOfferings }, callContextOf(req, res)),
    );
  });
  addRoute(router, ops.book, async (req, res) => {
    const { bookingRequestId, ...booking } = parseRequest(ops.book, req).body;
    // Counted before the booking: one client cannot take a workshop's free times wholesale.
    await countOrRefuse(res, limits.limiters.bookingsPerClient, limits.clientKey(req), 'limit.tooMany');
    const key = writeKey(bookingRequestId, `${res.locals.market.id}:mechmate`, booking);
    res
      .set('Cache-Control', 'no-store')
      .json(
        await oncePerKey(bookings, key, () => mechmate.book(booking, writeContextOf(req, res)), { t: res.locals.t }),
      );
  });
  addRoute(router, ops.authorizedWorkshop, async (req, res) => {
    const { params } = parseRequest(ops.authorizedWorkshop, req);
    res.json(await mechmate.authorizedWorkshop(params.brand, callContextOf(req, res)));
  });
  addRoute(router, closestAvailableOperation, relayStream);
  return router;
}
