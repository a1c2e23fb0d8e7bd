import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { BookingRequestId } from '../../contracts/forms.js';
import type { SubmissionLedger } from '../searchCache/submissionLedger.js';
import { callContextOf, writeContextOf } from '../upstream/callContext.js';
import { ApiError } from '../http/apiError.js';
import {
  CreateQuery,
  LoginQuery,
  ReviewRequest,
  ReviewResponse,
  SearchQuery,
  TimeslotDaysResponse,
  TimeslotRangeRequest,
  TimeslotsResponse,
  TirehotelBookingRequest,
  TirehotelConfirmation,
  TirehotelCredentials,
  TirehotelCustomer,
  TirehotelRegistrationNumber,
  TirehotelValidated,
  ValidateQuery,
  WorkshopQuery,
} from '../../contracts/upstream/tirehotel.js';
import type { TirehotelClient } from '../upstream/tirehotelClient.js';
import { addRoute, exampleDay, operation, parseRequest } from './apiOperation.js';
import { countOrRefuse, type RequestLimits } from '../security/rateLimits.js';
import { UpstreamError } from '../upstream/upstreamError.js';
import type { RevokedTokens } from '../security/revokedTokens.js';
import { oncePerKey, writeKey } from './oncePerKey.js';
import type { TokenCookies } from './tirehotelSession.js';

/** Spaces stripped and upper-cased (part 2 §5.3), then 2 to 7 letters or digits. */
const regNoInput = z
  .string()
  .max(20)
  .transform((t) => t.replace(/\s+/g, '').toUpperCase())
  .pipe(TirehotelRegistrationNumber);
const tireHotel = { tag: 'tire hotel', feature: 'tireHotel' } as const;
const sessionNote = ' Needs the th_session cookie set by validate (401 login_required without it, or after logout).';
const session = { security: 'tireHotelSession' } as const;

export const tirehotelOperations = {
  search: operation({
    ...tireHotel,
    method: 'get',
    path: '/tirehotel/authorization/search',
    summary: 'The tire-storage agreement of a registration number',
    description:
      'The agreement of the car (404 when none): the masked phone number the code will go to, and the encryptedPhoneNumber that login takes. ' +
      'Sandbox cars: ABC123 (code 1234) and DEF456 (code 4567). Look-ups are limited per client and per registration number (429); 503 limits_unavailable while Redis cannot count them.',
    query: SearchQuery.extend({ regNo: regNoInput }),
    response: {
      schema: TirehotelCustomer,
      example: {
        encryptedPhoneNumber: 'uNT5sjY4E3DycT_fvi0AF4qn3DOduL16',
        obfuscatedPhoneNumber: '073-*** ** 43',
        regNo: 'DEF456',
      },
    },
    example: () => ({ query: { regNo: 'DEF456' } }),
  }),
  login: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/authorization/login',
    summary: 'Send a one-time code to the phone of the agreement',
    description:
      'Texts a 4-digit code to the phone of the agreement whose encryptedPhoneNumber the search answered, and sets the th_login cookie that validate needs (the token never appears in a body). ' +
      'Sends are limited per agreement (3 per 15 minutes, 10 a day), per client and agreement (4 a day) and per client (429).',
    query: LoginQuery,
    response: {
      schema: TirehotelCredentials.pick({ message: true }),
      description: 'Sent; Set-Cookie th_login',
      example: { message: 'En kod har skickats till 073-*** ** 43' },
    },
    example: () => ({
      query: { encryptedPhoneNumber: `phone-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}` },
    }),
  }),
  validate: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/authorization/validate',
    summary: 'Check the one-time code',
    description:
      "Checks the code against the th_login cookie's login and sets the th_session cookie for booking and review; the answer lists the agreement's car, its workshop (location.erpId) and brandCode, which the timeslot calls take. " +
      'One guess per sent code: a wrong one is 401 code_wrong and ends it (send a new code), any other guess of it 429; guesses are limited per client (429). 401 code_required without th_login.',
    security: 'tireHotelLogin',
    query: ValidateQuery.pick({ otpToken: true }),
    response: {
      schema: TirehotelValidated.omit({ authorizationToken: true }),
      description: 'Logged in; Set-Cookie th_session (and th_login cleared)',
      example: {
        status: 0,
        vehicles: [
          {
            regNo: 'DEF456',
            name: 'Kia Niro',
            brand: 'Kia',
            brandCode: 'KIA',
            model: 'Niro',
            productId: 'DH-604114',
            packageLevel: 'Bas',
            location: {
              locationName: 'Motorhallen Malmö',
              departmentName: 'Däckhotell Malmö',
              erpId: 'TH1002',
              phone: '040-22 33 00',
              email: 'dackhotell.malmo@hedinautomotive.se',
            },
            tires: [
              {
                equipmentPosition: 'LF',
                wheel: {
                  name: 'Michelin X-Ice North 4',
                  rimDiameter: 17,
                  sectionWidth: 225,
                  threadPattern: 'Vinter, dubbat',
                  threadDepth: 6.1,
                  aspectRatio: 60,
                  threadStatusId: 0,
                  threadStatusMessage: 'Däcken är i gott skick',
                },
              },
            ],
          },
        ],
        expiresAt: '2026-11-28T10:30:00.000Z',
      },
    },
    example: () => ({
      query: { otpToken: '4567' },
      cookies: { th_login: `login-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}` },
    }),
  }),
  logout: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/authorization/logout',
    summary: 'Log out of the tire hotel',
    description:
      "'Logga ut': the th_session and th_login tokens sent are refused from now on, on every replica, and both cookies are cleared. Answers 204 with or without a session.",
    security: 'tireHotelSessionOptional',
    response: { status: 204, description: 'Logged out; both cookies cleared' },
    example: () => ({ noUpstream: true }),
  }),
  timeslotDays: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/booking/GetTimeslotDays',
    ...session,
    summary: 'Free days of the workshop',
    description: `The days from startDate to endDate (YYYY-MM-DD) with a free wheel-change time at the workshop (workshopIdentifier: location.erpId of the validate answer); regNo takes the vehicle's brandCode, a quirk of the service.${sessionNote}`,
    query: WorkshopQuery,
    body: TimeslotRangeRequest,
    response: {
      schema: TimeslotDaysResponse,
      example: { availableDates: [{ date: '2026-12-01' }, { date: '2026-12-02' }, { date: '2026-12-04' }] },
    },
    example: () => ({
      query: { workshopIdentifier: 'TH1002' },
      body: { startDate: exampleDay(1), endDate: exampleDay(60), regNo: 'KIA' },
      cookies: { th_session: 'session-example-token' },
    }),
  }),
  timeslots: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/booking/GetTimeslots',
    ...session,
    summary: 'Free times of one day',
    description: `The free start times (local, YYYY-MM-DDTHH:MM:SS) of one day of GetTimeslotDays' answer, sent as both startDate and endDate; regNo takes the brandCode.${sessionNote}`,
    query: WorkshopQuery,
    body: TimeslotRangeRequest,
    response: {
      schema: TimeslotsResponse,
      example: {
        availableTimeSlotDates: [
          { date: '2026-12-01', startTime: ['2026-12-01T07:30:00', '2026-12-01T08:00:00', '2026-12-01T13:00:00'] },
        ],
      },
    },
    example: () => ({
      query: { workshopIdentifier: 'TH1002' },
      body: { startDate: exampleDay(3), endDate: exampleDay(3), regNo: 'KIA' },
      cookies: { th_session: 'session-example-token' },
    }),
  }),
  create: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/booking/create',
    ...session,
    summary: 'Book the wheel change',
    description:
      "Books the wheel change of the session's car (regNo) at its workshop (departmentIdentifier: location.erpId) on bookingDate at bookingStart, a time of GetTimeslots' answer " +
      '(null: the car is left for the day, where the day has no times). A time taken meanwhile answers 409. bookingRequestId makes it once only, as on /api/mechmate/book; bookings are limited per client.' +
      sessionNote,
    query: CreateQuery,
    body: TirehotelBookingRequest.extend({ bookingRequestId: BookingRequestId.optional() }),
    response: {
      schema: TirehotelConfirmation,
      example: {
        bookingConfirmationId: 'DH-200001',
        customerBase: { firstName: 'Eva', lastName: 'Berg', email: 'eva@example.se', phoneMobile: '+46701234567' },
        services: [{ name: 'Hjulskifte' }],
        appointmentTime: '2026-12-01T08:00:00',
        isFullDay: false,
        workshop: {
          name: 'Däckhotell Malmö',
          address: 'Stenyxegatan 5, 213 76 Malmö',
          email: 'dackhotell.malmo@hedinautomotive.se',
          phoneNumber: '040-22 33 00',
        },
        freeText: null,
      },
    },
    example: () => ({
      query: { departmentIdentifier: 'TH1002' },
      body: {
        bookingDate: exampleDay(3),
        bookingStart: `${exampleDay(3)}T08:00:00`,
        regNo: 'DEF456',
        freeText: null,
        customer: { firstName: 'Eva', lastName: 'Berg', email: 'eva@example.se', phoneMobile: '+46701234567' },
      },
      cookies: { th_session: 'session-example-token' },
    }),
  }),
  review: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/review/addReview',
    ...session,
    summary: 'Rate the booking',
    description: `A rating of 1 to 5 with an optional comment, after a booking; reviews are limited per client.${sessionNote}`,
    body: ReviewRequest,
    response: { schema: ReviewResponse, example: { reviewId: 'R-1' } },
    example: () => ({
      body: { rating: 5, comment: 'Bra', date: '2026-01-05T10:00:00.000Z' },
      cookies: { th_session: 'session-example-token' },
    }),
  }),
};

/**
 * `/api/tirehotel/...`: tokens stay in HttpOnly cookies; every call that reaches the service is counted
 * first (server/security/rateLimits.ts). A sent code takes one guess, counted against the code before the
 * call, so a wrong guess ends it however many arrive at once and on however many containers, and the sends an
 * agreement gets a day bound the guesses against it: no lock for wrong codes, which anyone who knows a
 * registration number could put on its owner (docs/security.md "Guessing a code").
 */
export function tirehotelRoutes(
  tirehotel: TirehotelClient,
  cookies: TokenCookies,
  limits: RequestLimits,
  revoked: RevokedTokens,
  bookings: SubmissionLedger,
): Router {
  const router = Router();
  const ops = tirehotelOperations;
  const { limiters, clientKey } = limits;
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const sessionOf = async (req: Request, res: Response) => {
    const token = cookies.read(req, 'session');
    if (!token || (await revoked.isRevoked(token)))
      throw new ApiError(401, 'login_required', res.locals.t('tirehotel.sessionExpired'));
    return token;
  };

  addRoute(router, ops.search, async (req, res) => {
    const { query } = parseRequest(ops.search, req);
    await countOrRefuse(res, limiters.lookupsPerClient, clientKey(req), 'limit.lookups');
    await countOrRefuse(res, limiters.lookupsPerRegNo, query.regNo, 'limit.lookups');
    res.json(await tirehotel.search(query.regNo, callContextOf(req, res)));
  });

  addRoute(router, ops.login, async (req, res) => {
    const { query } = parseRequest(ops.login, req);
    // One agreement, one phone: counting per encryptedPhoneNumber counts per agreement.
    const phone = query.encryptedPhoneNumber;
    const client = clientKey(req);
    await countOrRefuse(res, limiters.codeSendsPerClient, client, 'limit.codeSends');
    // One address's share of the agreement's day first: past it, its attempts never touch the agreement's own
    // windows (a stranger could otherwise keep them full for the owner). Given back when the agreement refuses.
    const share = `${client} ${phone}`;
    await countOrRefuse(res, limiters.codeSendsPerAgreementPerClientPerDay, share, 'limit.codeSendsToday');
    try {
      await countOrRefuse(res, limiters.codeSendsPerAgreement, phone, 'limit.codeSends');
      await countOrRefuse(res, limiters.codeSendsPerAgreementPerDay, phone, 'limit.codeSendsToday');
    } catch (refused) {
      await limiters.codeSendsPerAgreementPerClientPerDay.refund(share);
      throw refused;
    }
    const credentials = await tirehotel.login(phone, callContextOf(req, res));
    cookies.setLogin(res, credentials.authorizationToken);
    res.json({ message: credentials.message });
  });

  addRoute(router, ops.validate, async (req, res) => {
    const { query } = parseRequest(ops.validate, req);
    const loginToken = cookies.read(req, 'login');
    if (!loginToken || (await revoked.isRevoked(loginToken)))
      throw new ApiError(401, 'code_required', res.locals.t('tirehotel.codeExpired'));
    await countOrRefuse(res, limiters.codeGuessesPerClient, clientKey(req), 'limit.codeGuesses');
    // Counted before the call, right or wrong: a code's second guess never reaches the service, however many arrive at once.
    await countOrRefuse(res, limiters.codeGuessesPerCode, loginToken, 'limit.codeVoid');
    const validated = await tirehotel.validate(loginToken, query.otpToken, callContextOf(req, res)).catch((err) => {
      // The service's "wrong code, try again" is not so here: the code is spent, the shopper asks for a new one.
      if (!(err instanceof UpstreamError) || err.upstreamStatus !== 401) throw err;
      cookies.clear(res, 'login');
      throw new ApiError(401, 'code_wrong', res.locals.t('tirehotel.codeWrong'));
    });
    const { authorizationToken, ...visible } = validated;
    cookies.clear(res, 'login');
    cookies.setSession(res, authorizationToken, validated.expiresAt);
    res.json(visible);
  });

  addRoute(router, ops.logout, async (req, res) => {
    // The service cannot revoke a token: the BFF refuses both from now on, wherever they are replayed.
    for (const token of [cookies.read(req, 'session'), cookies.read(req, 'login')])
      if (token) await revoked.revoke(token);
    cookies.clear(res, 'login');
    cookies.clear(res, 'session');
    res.status(204).end();
  });

  addRoute(router, ops.timeslotDays, async (req, res) => {
    const { query, body } = parseRequest(ops.timeslotDays, req);
    res.json(
      await tirehotel.timeslotDays(query.workshopIdentifier, body, await sessionOf(req, res), callContextOf(req, res)),
    );
  });
  addRoute(router, ops.timeslots, async (req, res) => {
    const { query, body } = parseRequest(ops.timeslots, req);
    res.json(
      await tirehotel.timeslots(query.workshopIdentifier, body, await sessionOf(req, res), callContextOf(req, res)),
    );
  });
  addRoute(router, ops.create, async (req, res) => {
    const { query, body } = parseRequest(ops.create, req);
    const { bookingRequestId, ...booking } = body;
    const session = await sessionOf(req, res);
    await countOrRefuse(res, limiters.bookingsPerClient, clientKey(req), 'limit.tooMany');
    const key = writeKey(bookingRequestId, `${res.locals.market.id}:tirehotel:${query.departmentIdentifier}`, booking);
    res.json(
      await oncePerKey(
        bookings,
        key,
        () => tirehotel.create(query.departmentIdentifier, booking, session, writeContextOf(req, res)),
        { t: res.locals.t },
      ),
    );
  });
  addRoute(router, ops.review, async (req, res) => {
    const { body } = parseRequest(ops.review, req);
    const session = await sessionOf(req, res);
    await countOrRefuse(res, limiters.reviewsPerClient, clientKey(req), 'limit.tooMany');
    res.json(await tirehotel.addReview(body, session, writeContextOf(req, res)));
  });
  return router;
}
