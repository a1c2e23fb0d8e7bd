import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { BookingRequestId } from '../../contracts/forms.js';
import type { SubmissionLedger } from '../cache/submissionLedger.js';
import { callContextOf, writeContextOf } from '../http/callContext.js';
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
import { addRoute, operation, parseRequest } from './apiOperation.js';
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

export const mechmateOperations = {
  car: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/car/{regNo}',
    summary: 'The car of a registration number',
    params: CarPathParams.extend({ regNo: regNoInput }),
    response: { schema: MechmateCar },
    example: () => ({ params: { regNo: 'ABC123' } }),
  }),
  services: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/services/{regNo}',
    summary: 'Service offerings for the car near a place',
    params: z.object({ regNo: regNoInput }),
    query: OfferingsQuery,
    response: { schema: OfferingsResponse },
    example: () => ({ params: { regNo: 'ABC123' }, query: { lat: '59.33', lng: '18.07' } }),
  }),
  addons: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/addons/{regNo}',
    summary: 'Add-on offerings (categories with selectionType are exclusive)',
    params: z.object({ regNo: regNoInput }),
    query: OfferingsQuery,
    response: { schema: OfferingsResponse },
    example: () => ({ params: { regNo: 'ABC123' }, query: { lat: '59.33', lng: '18.07' } }),
  }),
  prices: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/prices/{regNo}/{mileage}/{departmentId}',
    summary: 'Prices of the chosen offerings at one workshop',
    params: PricesPathParams.extend({ regNo: regNoInput }),
    query: PricesQuery,
    response: { schema: PricesResponse },
    example: () => ({
      params: { regNo: 'ABC123', mileage: '1500', departmentId: '2001' },
      query: { serviceOfferings: 'oilservice' },
    }),
  }),
  timeslots: operation({
    ...booking,
    method: 'get',
    path: '/mechmate/timeslots/from/{regNo}/{departmentId}/{date}',
    summary: 'Free times per day from a date (YYYY-MM-DDT00:00:00)',
    params: TimeslotsPathParams.extend({ regNo: regNoInput }),
    query: TimeslotsQuery,
    response: { schema: TimeslotsResponse },
    example: () => ({
      params: {
        regNo: 'ABC123',
        departmentId: '2001',
        date: `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T00:00:00`,
      },
      query: { serviceOfferings: 'oilservice' },
    }),
  }),
  book: operation({
    ...booking,
    method: 'post',
    path: '/mechmate/book',
    summary: 'Book the chosen time (once per bookingRequestId: a retry with it gets the same booking)',
    body: BookingRequest.extend({ bookingRequestId: BookingRequestId.optional() }),
    response: { schema: BookingResponse },
    example: () => ({
      body: {
        customer: { firstName: 'Anna', lastName: 'Svensson', phone: '+46 70 123 45 67', email: 'anna@example.se' },
        freeText: null,
        departmentId: 2001,
        timeSlot: '2026-03-02T08:00:00',
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
    summary: 'Whether an authorised workshop serves the brand (spaces as hyphens)',
    params: AuthorizedWorkshopPathParams,
    response: { schema: AuthorizedWorkshopResponse },
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
