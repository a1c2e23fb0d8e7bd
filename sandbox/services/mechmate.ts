import express, { type Response, type Router } from 'express';
import {
  AuthorizedWorkshopPathParams,
  BookingRequest,
  CarPathParams,
  OfferingsPathParams,
  OfferingsQuery,
  PricesPathParams,
  PricesQuery,
  TimeslotsPathParams,
  TimeslotsQuery,
  type AuthorizedWorkshopResponse,
  type BookingResponse,
  type MechmateCar,
  type OfferingsResponse,
  type PricesResponse,
} from '../../contracts/upstream/mechmate.js';
import type { SandboxContext } from '../context.js';
import {
  ADDON_CATEGORIES,
  ALL_OFFERING_CODES,
  SERVICE_CATEGORIES,
  categoriesFor,
  findOfferingSeed,
  lookupCar,
  priceOffering,
} from '../data/mechmate.js';
import { AUTHORISED_BRANDS } from '../data/authorisedBrands.js';
import { bookedSlotKey, timeslotDay, timeslotDays, workshopsForSeed } from '../data/mechmateWorkshops.js';
import { isRealDay } from '../data/stockholmCalendar.js';
import { sendMechmateError, sendMechmateValidationError } from './mechmateErrors.js';
import { closestAvailableHandler, type MechmateState } from './mechmateStream.js';
import { parseInput } from './parseInput.js';

/** What one sandbox instance remembers about bookings, so a booked slot is gone for the next shopper. */
/** The car, or the service's error answered (InvalidReg, VehicleNotFound, BrandNotSupported). */
function carOr(ctx: SandboxContext, res: Response, registrationNumber: string): MechmateCar | undefined {
  const lookup = lookupCar(ctx.seed, registrationNumber, ctx.now());
  if ('error' in lookup) return void sendMechmateError(res, lookup.status, lookup.error);
  return lookup.car;
}

function unknownOfferings(codes: string[]): Record<string, string[]> | undefined {
  const unknown = codes.filter((code) => !ALL_OFFERING_CODES.has(code));
  return unknown.length ? { serviceOfferings: [`unknown offering code(s): ${unknown.join(', ')}`] } : undefined;
}

export function mechmateService(ctx: SandboxContext): Router {
  const router = express.Router();
  const state: MechmateState = { bookedSlots: new Set(), bookingCount: 0 };
  const workshop = (departmentId: number) => workshopsForSeed(ctx.seed).find((w) => w.departmentId === departmentId);

  router.get('/car/:regNo', (req, res) => {
    const params = parseInput(CarPathParams, req.params);
    if (!params.ok) return sendMechmateValidationError(res, params.fields);
    const car = carOr(ctx, res, params.data.regNo);
    if (car) res.json(car satisfies MechmateCar);
  });

  for (const [path, categories, withSelectionType] of [
    ['/services/:regNo', SERVICE_CATEGORIES, false],
    ['/addons/:regNo', ADDON_CATEGORIES, true],
  ] as const) {
    router.get(path, (req, res) => {
      const params = parseInput(OfferingsPathParams, req.params);
      const query = parseInput(OfferingsQuery, req.query);
      if (!params.ok || !query.ok)
        return sendMechmateValidationError(res, {
          ...(params.ok ? {} : params.fields),
          ...(query.ok ? {} : query.fields),
        });
      const car = carOr(ctx, res, params.data.regNo);
      if (!car) return;
      const answer: OfferingsResponse = {
        serviceOfferingCategories: categoriesFor(ctx.seed, car, [...categories], withSelectionType),
      };
      // Without an authorised workshop for the brand, only the brand-independent services are offered.
      if (!car.isSupported) {
        for (const offering of answer.serviceOfferingCategories.flatMap((c) => c.offerings)) {
          if (offering.code === 'originalservice') offering.isAvailable = false;
        }
      }
      res.json(answer);
    });
  }

  router.get('/prices/:regNo/:mileage/:departmentId', (req, res) => {
    const params = parseInput(PricesPathParams, req.params);
    const query = parseInput(PricesQuery, req.query);
    if (!params.ok || !query.ok)
      return sendMechmateValidationError(res, {
        ...(params.ok ? {} : params.fields),
        ...(query.ok ? {} : query.fields),
      });
    const unknown = unknownOfferings(query.data.serviceOfferings);
    if (unknown) return sendMechmateError(res, 400, 'InvalidInput', unknown);
    const car = carOr(ctx, res, params.data.regNo);
    if (!car) return;
    const department = workshop(params.data.departmentId);
    if (!department) return sendMechmateError(res, 404, 'DepartmentNotFound');
    // A bigger service is due at higher mileage (in Swedish 'mil').
    const mileageFactor = 1 + (Math.min(params.data.mileage, 30_000) / 30_000) * 0.3;
    const offers = query.data.serviceOfferings.map((code) => {
      const seedOffering = findOfferingSeed(code)!;
      if (!department.offeringCodes.has(code)) return { code, price: null, priceKnown: false, priceDiscount: null };
      const factor = department.priceFactor * (code === 'originalservice' ? mileageFactor : 1);
      const { price, priceKnown, priceDiscount } = priceOffering(ctx.seed, car, seedOffering, factor);
      return { code, price, priceKnown, priceDiscount };
    });
    res.json({ offers } satisfies PricesResponse);
  });

  router.get('/departments/closestAvailable', closestAvailableHandler(ctx, state));

  router.get('/timeslots/from/:regNo/:departmentId/:date', (req, res) => {
    const params = parseInput(TimeslotsPathParams, req.params);
    const query = parseInput(TimeslotsQuery, req.query);
    if (!params.ok || !query.ok)
      return sendMechmateValidationError(res, {
        ...(params.ok ? {} : params.fields),
        ...(query.ok ? {} : query.fields),
      });
    const day = params.data.date.slice(0, 10);
    if (!isRealDay(day)) return sendMechmateError(res, 400, 'InvalidInput', { date: ['no such day'] });
    const unknown = unknownOfferings(query.data.serviceOfferings ?? []);
    if (unknown) return sendMechmateError(res, 400, 'InvalidInput', unknown);
    if (!carOr(ctx, res, params.data.regNo)) return;
    if (!workshop(params.data.departmentId)) return sendMechmateError(res, 404, 'DepartmentNotFound');
    res.json(timeslotDays(ctx.seed, params.data.departmentId, day, ctx.now(), state.bookedSlots));
  });

  router.post('/book', (req, res) => {
    const body = parseInput(BookingRequest, req.body);
    if (!body.ok) return sendMechmateValidationError(res, body.fields);
    const booking = body.data;
    const unknown = unknownOfferings(booking.serviceOfferingRequests.map((r) => r.kobraId));
    if (unknown) return sendMechmateError(res, 400, 'InvalidInput', unknown);
    if (!carOr(ctx, res, booking.registrationNumber)) return;
    if (!workshop(booking.departmentId)) return sendMechmateError(res, 404, 'DepartmentNotFound');
    const [day, time] = [booking.timeSlot.slice(0, 10), booking.timeSlot.slice(11, 16)];
    const offered =
      isRealDay(day) &&
      timeslotDays(ctx.seed, booking.departmentId, day, ctx.now(), state.bookedSlots)[0]?.date.startsWith(day);
    const free = timeslotDay(ctx.seed, booking.departmentId, day, state.bookedSlots);
    const available =
      offered &&
      (booking.isFullDay ? free.allDaySlotAvailable && time === '08:00' : free.availableSlots.includes(time));
    if (!available) return sendMechmateError(res, 409, 'TimeslotNotAvailable');
    state.bookedSlots.add(bookedSlotKey(booking.departmentId, `${day}T${time}:00`, booking.isFullDay));
    state.bookingCount += 1;
    const id = `MM-${String(100000 + state.bookingCount)}`;
    ctx.stats.mechmateBookings.push({ id, departmentId: booking.departmentId, timeSlot: booking.timeSlot });
    res.json({ id } satisfies BookingResponse);
  });

  router.get('/authorized-workshop/:brand', (req, res) => {
    const params = parseInput(AuthorizedWorkshopPathParams, req.params);
    if (!params.ok) return sendMechmateValidationError(res, params.fields);
    // The caller replaces spaces by hyphens, and some brands have their own (Mercedes-Benz).
    const asPath = (brand: string) => brand.replace(/ /g, '-').toLowerCase();
    const wanted = asPath(params.data.brand);
    const hasBrand = AUTHORISED_BRANDS.some((brand) => asPath(brand) === wanted);
    res.json({ hasBrand } satisfies AuthorizedWorkshopResponse);
  });

  return router;
}
