import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { BookingRequestId } from '../../contracts/forms.js';
import type { SubmissionLedger } from '../cache/submissionLedger.js';
import { callContextOf, writeContextOf } from '../http/callContext.js';
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
import { addRoute, operation, parseRequest } from './apiOperation.js';
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
const sessionNote = ' Needs the th_session cookie set by validate.';

export const tirehotelOperations = {
  search: operation({
    ...tireHotel,
    method: 'get',
    path: '/tirehotel/authorization/search',
    summary:
      'The tire-storage agreement of a registration number (404 when none); look-ups are limited per client and per registration number',
    query: SearchQuery.extend({ regNo: regNoInput }),
    response: { schema: TirehotelCustomer },
    example: () => ({ query: { regNo: 'DEF456' } }),
  }),
  login: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/authorization/login',
    summary:
      'Send a one-time code to the phone of the agreement; sets the th_login cookie (sends limited per agreement, per client and agreement, and per client)',
    query: LoginQuery,
    response: { schema: TirehotelCredentials.pick({ message: true }) },
    example: () => ({
      query: { encryptedPhoneNumber: `phone-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}` },
    }),
  }),
  validate: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/authorization/validate',
    summary:
      'Check the 4-digit code (needs th_login); sets the th_session cookie (one guess per sent code: a wrong one ends it, 401 code_wrong, and a new code must be sent; guesses limited per client)',
    query: ValidateQuery.pick({ otpToken: true }),
    response: { schema: TirehotelValidated.omit({ authorizationToken: true }) },
    example: () => ({
      query: { otpToken: '4567' },
      cookies: { th_login: `login-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}` },
    }),
  }),
  logout: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/authorization/logout',
    summary: 'Log out: the session is refused from now on and the cookies are cleared (Logga ut)',
    response: { status: 204 },
    example: () => ({ noUpstream: true }),
  }),
  timeslotDays: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/booking/GetTimeslotDays',
    summary: `Free days of the workshop.${sessionNote}`,
    query: WorkshopQuery,
    body: TimeslotRangeRequest,
    response: { schema: TimeslotDaysResponse },
    example: () => ({
      query: { workshopIdentifier: 'TH1001' },
      body: { startDate: '2026-01-01', endDate: '2026-01-31', regNo: 'VOL' },
      cookies: { th_session: 'session-example-token' },
    }),
  }),
  timeslots: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/booking/GetTimeslots',
    summary: `Free times of one day.${sessionNote}`,
    query: WorkshopQuery,
    body: TimeslotRangeRequest,
    response: { schema: TimeslotsResponse },
    example: () => ({
      query: { workshopIdentifier: 'TH1001' },
      body: { startDate: '2026-01-05', endDate: '2026-01-05', regNo: 'VOL' },
      cookies: { th_session: 'session-example-token' },
    }),
  }),
  create: operation({
    ...tireHotel,
    method: 'post',
    path: '/tirehotel/booking/create',
    summary: `Book the wheel change.${sessionNote}`,
    query: CreateQuery,
    body: TirehotelBookingRequest.extend({ bookingRequestId: BookingRequestId.optional() }),
    response: { schema: TirehotelConfirmation },
    example: () => ({
      query: { departmentIdentifier: 'TH1001' },
      body: {
        bookingDate: '2026-01-05',
        bookingStart: '2026-01-05T08:00:00',
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
    summary: `Rate the booking 1 to 5.${sessionNote}`,
    body: ReviewRequest,
    response: { schema: ReviewResponse },
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
