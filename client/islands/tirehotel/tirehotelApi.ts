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
import { bffFetch } from '../../api/bffFetch.js';
import { waitMessage } from '../../forms/postWithRetries.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { fillText } from '../../../markets/translations/plural.js';

/**
 * The island's calls to the BFF's `/api/tirehotel/...` routes (part 2 §7). The tokens travel in
 * HttpOnly cookies the BFF sets, never through this code. No call is retried: a repeated code send
 * or booking is not harmless (§8: a failed booking only logs and stops loading).
 */

/** What validate answers the browser: the token stays in the BFF's cookie. */
export type ValidatedView = Omit<TirehotelValidated, 'authorizationToken'>;

export type ApiResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** null: no answer at all (network error). */
      status: number | null;
      /** The server's message for the shopper, when it has one in Swedish (§8). */
      message: string | null;
      retryAfterS: number | null;
    };

interface ErrorBody {
  error?: { code?: string; message?: string; retryAfterSeconds?: number; upstream?: { message?: unknown } };
}
/** The BFF's own refusals that carry a message meant for the shopper (server/api/tirehotelRoutes.ts). */
const SHOPPER_MESSAGE_CODES = new Set(['login_required', 'code_required']);

/**
 * The message to show from an error answer: the tire-hotel service's own, the BFF's for its refusals,
 * or one asking the shopper to wait (a limit's 429, a held booking's 409: the kit's waitMessage).
 */
export function shopperMessage(status: number, body: unknown): string | null {
  const wait = waitMessage(status, body);
  if (wait) return wait;
  const error = (body as ErrorBody | null)?.error;
  if (typeof error?.upstream?.message === 'string') return error.upstream.message;
  if (error?.code && SHOPPER_MESSAGE_CODES.has(error.code) && error.message) return error.message;
  return null;
}

/**
 * What a refused step shows: the server's message, else the generic text; after a limit (429) also
 * when to try again, since trying at once is refused again (in hours from an hour on: a day's lock).
 */
export function refusalText(
  answer: { status: number | null; message: string | null; retryAfterS: number | null },
  texts: Pick<TireHotelTexts, 'genericError' | 'tryAgainIn' | 'tryAgainInHours'>,
): string {
  const message = answer.message ?? texts.genericError;
  if (answer.status !== 429 || !answer.retryAfterS) return message;
  const wait =
    answer.retryAfterS >= 3600
      ? fillText(texts.tryAgainInHours, { hours: Math.ceil(answer.retryAfterS / 3600) })
      : fillText(texts.tryAgainIn, { minutes: Math.ceil(answer.retryAfterS / 60) });
  return `${message} ${wait}`;
}

const BASE = '/api/tirehotel';

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string>,
  body?: object,
): Promise<ApiResult<T>> {
  const search = new URLSearchParams(query).toString();
  let response: Response;
  try {
    response = await bffFetch(`${BASE}${path}${search ? `?${search}` : ''}`, {
      method,
      credentials: 'same-origin',
      json: body,
    });
  } catch (err) {
    console.error('tire hotel: no answer', path, err);
    return { ok: false, status: null, message: null, retryAfterS: null };
  }
  const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: answer as T };
  const retryAfterS = Number(
    (answer as ErrorBody | null)?.error?.retryAfterSeconds ?? response.headers.get('retry-after'),
  );
  return {
    ok: false,
    status: response.status,
    message: shopperMessage(response.status, answer),
    retryAfterS: Number.isFinite(retryAfterS) && retryAfterS > 0 ? retryAfterS : null,
  };
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
