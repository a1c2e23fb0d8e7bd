import {
  ReviewResponse,
  TimeslotDaysResponse,
  TimeslotsResponse,
  TirehotelConfirmation,
  TirehotelCredentials,
  TirehotelCustomer,
  TirehotelValidated,
  type ReviewRequest,
  type TimeslotRangeRequest,
  type TirehotelBookingRequest,
} from '../../contracts/upstream/tirehotel.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

const bearer = (sessionToken: string) => ({ authorization: `Bearer ${sessionToken}` });

/** The tire-hotel service. Booking and review calls carry the session token from `validate`. */
export class TirehotelClient {
  constructor(private readonly http: UpstreamHttp) {}

  search(regNo: string, ctx?: CallContext): Promise<TirehotelCustomer> {
    return this.http.json(
      { method: 'GET', path: '/authorization/search', query: { regNo }, schema: TirehotelCustomer },
      ctx,
    );
  }

  /** Sends the one-time code; answers the short-lived login token that `validate` needs. */
  login(encryptedPhoneNumber: string, ctx?: CallContext): Promise<TirehotelCredentials> {
    return this.http.json(
      { method: 'POST', path: '/authorization/login', query: { encryptedPhoneNumber }, schema: TirehotelCredentials },
      ctx,
    );
  }

  validate(loginToken: string, otpToken: string, ctx?: CallContext): Promise<TirehotelValidated> {
    return this.http.json(
      {
        method: 'POST',
        path: '/authorization/validate',
        query: { authToken: loginToken, otpToken },
        schema: TirehotelValidated,
      },
      ctx,
    );
  }

  timeslotDays(
    erpId: string,
    range: TimeslotRangeRequest,
    sessionToken: string,
    ctx?: CallContext,
  ): Promise<TimeslotDaysResponse> {
    return this.http.json(
      {
        method: 'POST',
        path: '/booking/GetTimeslotDays',
        query: { workshopIdentifier: erpId },
        body: range,
        headers: bearer(sessionToken),
        schema: TimeslotDaysResponse,
      },
      ctx,
    );
  }

  timeslots(
    erpId: string,
    range: TimeslotRangeRequest,
    sessionToken: string,
    ctx?: CallContext,
  ): Promise<TimeslotsResponse> {
    return this.http.json(
      {
        method: 'POST',
        path: '/booking/GetTimeslots',
        query: { workshopIdentifier: erpId },
        body: range,
        headers: bearer(sessionToken),
        schema: TimeslotsResponse,
      },
      ctx,
    );
  }

  create(
    erpId: string,
    booking: TirehotelBookingRequest,
    sessionToken: string,
    ctx?: CallContext,
  ): Promise<TirehotelConfirmation> {
    return this.http.json(
      {
        method: 'POST',
        path: '/booking/create',
        query: { departmentIdentifier: erpId },
        body: booking,
        headers: bearer(sessionToken),
        schema: TirehotelConfirmation,
      },
      ctx,
    );
  }

  addReview(review: ReviewRequest, sessionToken: string, ctx?: CallContext): Promise<ReviewResponse> {
    return this.http.json(
      {
        method: 'POST',
        path: '/review/addReview',
        body: review,
        headers: bearer(sessionToken),
        schema: ReviewResponse,
      },
      ctx,
    );
  }
}
