import type {
  ReviewRequest,
  TimeslotDaysResponse,
  TimeslotRangeRequest,
  TimeslotsResponse,
  TirehotelBookingRequest,
  TirehotelConfirmation,
  TirehotelCustomer,
  TirehotelValidated,
} from '../../../contracts/upstream/tirehotel.js';
import { callBff, waitMessage, type BffFailure, type BffResult } from '../../api/bffCall.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { fillText } from '../../../markets/translations/plural.js';

/**
 * The island's calls to the BFF's `/api/tirehotel/...` routes (part 2 §7). The tokens travel in
 * HttpOnly cookies the BFF sets, never through this code. No call is retried: a repeated code send
 * or booking is not harmless (§8: a failed booking only logs and stops loading).
 */

/** What validate answers the browser: the token stays in the BFF's cookie. */
export type ValidatedView = Omit<TirehotelValidated, 'authorizationToken'>;

/** The BFF's own refusals that carry a message meant for the shopper (server/api/tirehotelRoutes.ts). */
const SHOPPER_MESSAGE_CODES = new Set(['login_required', 'code_required', 'code_wrong']);

/**
 * The message to show from a refusal: the tire-hotel service's own, the BFF's for its refusals,
 * or one asking the shopper to wait (a limit's 429, a held booking's 409: the API layer's waitMessage).
 */
export function shopperMessage(failure: BffFailure): string | null {
  const wait = waitMessage(failure);
  if (wait) return wait;
  if (failure.upstream.message !== null) return failure.upstream.message;
  if (failure.code && SHOPPER_MESSAGE_CODES.has(failure.code) && failure.message) return failure.message;
  return null;
}

/**
 * What a refused step shows: the server's message, else the generic text; after a limit (429) also
 * when to try again, since trying at once is refused again (in hours from an hour on: a day's lock).
 */
export function refusalText(
  failure: BffFailure,
  texts: Pick<TireHotelTexts, 'genericError' | 'tryAgainIn' | 'tryAgainInHours'>,
): string {
  const message = shopperMessage(failure) ?? texts.genericError;
  if (failure.status !== 429 || !failure.retryAfterS) return message;
  const wait =
    failure.retryAfterS >= 3600
      ? fillText(texts.tryAgainInHours, { hours: Math.ceil(failure.retryAfterS / 3600) })
      : fillText(texts.tryAgainIn, { minutes: Math.ceil(failure.retryAfterS / 60) });
  return `${message} ${wait}`;
}

const BASE = '/api/tirehotel';

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string>,
  body?: object,
): Promise<BffResult<T>> {
  const search = new URLSearchParams(query).toString();
  const answer = await callBff<T>(`${BASE}${path}${search ? `?${search}` : ''}`, {
    method,
    credentials: 'same-origin',
    json: body,
  });
  if (!answer.ok && answer.status === null) console.error('tire hotel: no answer', path);
  return answer;
}

export const tirehotelApi = {
  search: (regNo: string) => call<TirehotelCustomer>('GET', '/authorization/search', { regNo }),
  login: (encryptedPhoneNumber: string) =>
    call<{ message: string }>('POST', '/authorization/login', { encryptedPhoneNumber }),
  validate: (otpToken: string) => call<ValidatedView>('POST', '/authorization/validate', { otpToken }),
  logout: () => call<null>('POST', '/authorization/logout', {}),
  timeslotDays: (erpId: string, range: TimeslotRangeRequest) =>
    call<TimeslotDaysResponse>('POST', '/booking/GetTimeslotDays', { workshopIdentifier: erpId }, range),
  timeslots: (erpId: string, range: TimeslotRangeRequest) =>
    call<TimeslotsResponse>('POST', '/booking/GetTimeslots', { workshopIdentifier: erpId }, range),
  /** `bookingRequestId`: the same on every try of one booking, which the BFF then makes once. */
  create: (erpId: string, booking: TirehotelBookingRequest & { bookingRequestId: string }) =>
    call<TirehotelConfirmation>('POST', '/booking/create', { departmentIdentifier: erpId }, booking),
  review: (review: ReviewRequest) => call<{ reviewId: string }>('POST', '/review/addReview', {}, review),
};
