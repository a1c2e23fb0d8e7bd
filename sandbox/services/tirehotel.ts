import { createHash, randomBytes } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  CreateQuery,
  LoginQuery,
  ReviewRequest,
  SearchQuery,
  TimeslotRangeRequest,
  TirehotelBookingRequest,
  ValidateQuery,
  WorkshopQuery,
  type ReviewResponse,
  type TimeslotDaysResponse,
  type TimeslotsResponse,
  type TirehotelConfirmation,
  type TirehotelCredentials,
  type TirehotelCustomer,
  type TirehotelErrorBody,
  type TirehotelValidated,
} from '../../contracts/upstream/tirehotel.js';
import type { SandboxContext } from '../context.js';
import {
  TIRE_AGREEMENTS,
  availableTireDays,
  findAgreement,
  findTireLocation,
  obfuscatePhone,
  tireStartTimes,
  vehiclesForSeed,
} from '../data/tirehotel.js';
import { isRealDay } from '../data/stockholmCalendar.js';
import { parseInput, type ParsedInput } from './parseInput.js';

const LOGIN_TOKEN_TTL_MS = 10 * 60_000;
const SESSION_TOKEN_TTL_MS = 30 * 60_000;

interface IssuedToken {
  regNo: string;
  expiresAt: number;
}

const sendMessage = (res: Response, status: number, message: string) =>
  void res.status(status).json({ message } satisfies TirehotelErrorBody);

/** Every input part valid, or the service's 400 `{message}` answered. */
function allValid(res: Response, ...parts: ParsedInput<unknown>[]): boolean {
  const failed = parts.flatMap((part) => (part.ok ? [] : [part.summary]));
  if (failed.length) sendMessage(res, 400, `Ogiltig begäran: ${failed.join(', ')}`);
  return failed.length === 0;
}

/** Stable per seed, so a customer found once can log in after a sandbox restart. */
function encryptedPhoneNumber(seed: number, phone: string): string {
  return createHash('sha256').update(`${seed}:${phone}`).digest('base64url').slice(0, 32);
}

export function tirehotelService(ctx: SandboxContext): Router {
  const router = express.Router();
  const loginTokens = new Map<string, IssuedToken>();
  const sessions = new Map<string, IssuedToken>();
  const takenStarts = new Set<string>();
  let bookingCount = 0;
  let reviewCount = 0;
  const issue = (tokens: Map<string, IssuedToken>, regNo: string, ttlMs: number) => {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = ctx.now().getTime() + ttlMs;
    tokens.set(token, { regNo, expiresAt });
    return { token, expiresAt };
  };
  const live = (tokens: Map<string, IssuedToken>, token: string) => {
    const issued = tokens.get(token);
    if (issued && issued.expiresAt > ctx.now().getTime()) return issued;
    tokens.delete(token);
    return undefined;
  };

  router.get('/authorization/search', (req, res) => {
    const query = parseInput(SearchQuery, req.query);
    if (!allValid(res, query) || !query.ok) return;
    const agreement = findAgreement(query.data.regNo);
    if (!agreement) return sendMessage(res, 404, 'Vi hittar inget däckhotellsavtal för detta registreringsnummer.');
    res.json({
      encryptedPhoneNumber: encryptedPhoneNumber(ctx.seed, agreement.phone),
      obfuscatedPhoneNumber: obfuscatePhone(agreement.phone),
      regNo: agreement.regNo,
    } satisfies TirehotelCustomer);
  });

  router.post('/authorization/login', (req, res) => {
    const query = parseInput(LoginQuery, req.query);
    if (!allValid(res, query) || !query.ok) return;
    const agreement = TIRE_AGREEMENTS.find(
      (a) => encryptedPhoneNumber(ctx.seed, a.phone) === query.data.encryptedPhoneNumber,
    );
    if (!agreement) return sendMessage(res, 404, 'Vi hittar inget telefonnummer kopplat till avtalet.');
    const { token } = issue(loginTokens, agreement.regNo, LOGIN_TOKEN_TTL_MS);
    res.json({
      authorizationToken: token,
      message: `En kod har skickats till ${obfuscatePhone(agreement.phone)}`,
    } satisfies TirehotelCredentials);
  });

  router.post('/authorization/validate', (req, res) => {
    const query = parseInput(ValidateQuery, req.query);
    if (!allValid(res, query) || !query.ok) return;
    ctx.stats.tirehotelCodeChecks += 1;
    const login = live(loginTokens, query.data.authToken);
    if (!login) return sendMessage(res, 401, 'Koden har gått ut. Skicka en ny kod.');
    if (findAgreement(login.regNo)?.oneTimeCode !== query.data.otpToken)
      return sendMessage(res, 401, 'Felaktig kod. Kontrollera koden och försök igen.');
    loginTokens.delete(query.data.authToken);
    const { token, expiresAt } = issue(sessions, login.regNo, SESSION_TOKEN_TTL_MS);
    const vehicle = vehiclesForSeed(ctx.seed).get(login.regNo)!;
    res.json({
      status: 0,
      vehicles: [vehicle],
      authorizationToken: token,
      expiresAt: new Date(expiresAt).toISOString(),
    } satisfies TirehotelValidated);
  });

  /** Booking and review calls need the session token from validate. */
  const requireSession = (req: Request, res: Response, next: NextFunction) => {
    const token = /^Bearer (\S+)$/.exec(req.header('authorization') ?? '')?.[1];
    const session = token ? live(sessions, token) : undefined;
    if (!session) return sendMessage(res, 401, 'Din inloggning har gått ut. Logga in igen.');
    res.locals.regNo = session.regNo;
    next();
  };
  router.use(['/booking', '/review'], requireSession);

  const daysInRange = (erpId: string, startDate: string, endDate: string) =>
    availableTireDays(ctx.seed, erpId, ctx.now()).filter((day) => day >= startDate && day <= endDate);

  router.post('/booking/GetTimeslotDays', (req, res) => {
    const query = parseInput(WorkshopQuery, req.query);
    const body = parseInput(TimeslotRangeRequest, req.body);
    if (!allValid(res, query, body) || !query.ok || !body.ok) return;
    if (!findTireLocation(query.data.workshopIdentifier)) return sendMessage(res, 404, 'Verkstaden hittades inte.');
    const days = daysInRange(query.data.workshopIdentifier, body.data.startDate, body.data.endDate);
    res.json({ availableDates: days.map((date) => ({ date })) } satisfies TimeslotDaysResponse);
  });

  router.post('/booking/GetTimeslots', (req, res) => {
    const query = parseInput(WorkshopQuery, req.query);
    const body = parseInput(TimeslotRangeRequest, req.body);
    if (!allValid(res, query, body) || !query.ok || !body.ok) return;
    const erpId = query.data.workshopIdentifier;
    if (!findTireLocation(erpId)) return sendMessage(res, 404, 'Verkstaden hittades inte.');
    const availableTimeSlotDates = daysInRange(erpId, body.data.startDate, body.data.endDate)
      .map((date) => ({ date, startTime: tireStartTimes(ctx.seed, erpId, date, ctx.now(), takenStarts) }))
      .filter((day) => day.startTime.length > 0);
    res.json({ availableTimeSlotDates } satisfies TimeslotsResponse);
  });

  router.post('/booking/create', (req, res) => {
    const query = parseInput(CreateQuery, req.query);
    const body = parseInput(TirehotelBookingRequest, req.body);
    if (!allValid(res, query, body) || !query.ok || !body.ok) return;
    const booking = body.data;
    const vehicle = vehiclesForSeed(ctx.seed).get(res.locals.regNo as string)!;
    if (booking.regNo.toUpperCase() !== vehicle.regNo)
      return sendMessage(res, 403, 'Registreringsnumret hör inte till din inloggning.');
    const erpId = query.data.departmentIdentifier;
    const location = findTireLocation(erpId);
    if (!location || erpId !== vehicle.location.erpId)
      return sendMessage(res, 400, 'Verkstaden hör inte till ditt avtal.');
    if (
      !isRealDay(booking.bookingDate) ||
      !availableTireDays(ctx.seed, erpId, ctx.now()).includes(booking.bookingDate)
    ) {
      return sendMessage(res, 409, 'Dagen är inte längre tillgänglig, välj en annan dag.');
    }
    const starts = tireStartTimes(ctx.seed, erpId, booking.bookingDate, ctx.now(), takenStarts);
    if (booking.bookingStart === null && starts.length > 0)
      return sendMessage(res, 400, 'Välj en tid för din bokning.');
    if (booking.bookingStart !== null && !starts.includes(booking.bookingStart))
      return sendMessage(res, 409, 'Tiden är inte längre tillgänglig, välj en annan tid.');
    if (booking.bookingStart) takenStarts.add(`${erpId}|${booking.bookingStart}`);
    bookingCount += 1;
    const bookingConfirmationId = `DH-${String(200000 + bookingCount)}`;
    ctx.stats.tirehotelBookings.push({
      bookingConfirmationId,
      regNo: vehicle.regNo,
      bookingDate: booking.bookingDate,
      bookingStart: booking.bookingStart,
    });
    res.json({
      bookingConfirmationId,
      customerBase: booking.customer,
      services: [{ name: 'Hjulskifte' }],
      appointmentTime: booking.bookingStart ?? `${booking.bookingDate}T00:00:00`,
      // Without a time the car is left for the day and the workshop calls back.
      isFullDay: booking.bookingStart === null,
      workshop: {
        name: location.departmentName,
        address: location.address,
        email: location.email,
        phoneNumber: location.phone,
      },
      freeText: booking.freeText ?? null,
    } satisfies TirehotelConfirmation);
  });

  router.post('/review/addReview', (req, res) => {
    const body = parseInput(ReviewRequest, req.body);
    if (!allValid(res, body) || !body.ok) return;
    reviewCount += 1;
    ctx.stats.tirehotelReviews.push({ rating: body.data.rating, comment: body.data.comment ?? null });
    res.json({ reviewId: `R-${String(reviewCount)}` } satisfies ReviewResponse);
  });

  return router;
}
