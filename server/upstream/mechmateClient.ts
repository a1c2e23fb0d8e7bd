import type { Readable } from 'node:stream';
import {
  AuthorizedWorkshopResponse,
  BookingResponse,
  MechmateCar,
  OfferingsResponse,
  PricesResponse,
  TimeslotsResponse,
  type BookingRequest,
  type ClosestAvailableQuery,
} from '../../contracts/upstream/mechmate.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The booking service 'MechMate': typed calls, answers parsed with its contract. */
export class MechmateClient {
  constructor(private readonly http: UpstreamHttp) {}

  car(regNo: string, ctx?: CallContext): Promise<MechmateCar> {
    return this.http.json({ method: 'GET', path: `/car/${segment(regNo)}`, schema: MechmateCar }, ctx);
  }

  services(regNo: string, place: { lat: number; lng: number }, ctx?: CallContext): Promise<OfferingsResponse> {
    return this.http.json(
      { method: 'GET', path: `/services/${segment(regNo)}`, query: place, schema: OfferingsResponse },
      ctx,
    );
  }

  addons(regNo: string, place: { lat: number; lng: number }, ctx?: CallContext): Promise<OfferingsResponse> {
    return this.http.json(
      { method: 'GET', path: `/addons/${segment(regNo)}`, query: place, schema: OfferingsResponse },
      ctx,
    );
  }

  prices(
    input: { regNo: string; mileage: number; departmentId: number; serviceOfferings: string[] },
    ctx?: CallContext,
  ): Promise<PricesResponse> {
    const path = `/prices/${segment(input.regNo)}/${segment(input.mileage)}/${segment(input.departmentId)}`;
    return this.http.json(
      { method: 'GET', path, query: { serviceOfferings: input.serviceOfferings.join(',') }, schema: PricesResponse },
      ctx,
    );
  }

  timeslots(
    input: { regNo: string; departmentId: number; date: string; serviceOfferings?: string[] },
    ctx?: CallContext,
  ): Promise<TimeslotsResponse> {
    const path = `/timeslots/from/${segment(input.regNo)}/${segment(input.departmentId)}/${segment(input.date)}`;
    return this.http.json(
      {
        method: 'GET',
        path,
        query: { serviceOfferings: input.serviceOfferings?.join(',') },
        schema: TimeslotsResponse,
      },
      ctx,
    );
  }

  book(booking: BookingRequest, ctx?: CallContext): Promise<BookingResponse> {
    return this.http.json({ method: 'POST', path: '/book', body: booking, schema: BookingResponse }, ctx);
  }

  authorizedWorkshop(brand: string, ctx?: CallContext): Promise<AuthorizedWorkshopResponse> {
    return this.http.json(
      { method: 'GET', path: `/authorized-workshop/${segment(brand)}`, schema: AuthorizedWorkshopResponse },
      ctx,
    );
  }

  /** The raw workshop event stream; the caller parses and relays it (server/api/workshopStream.ts). */
  closestAvailable(
    query: ClosestAvailableQuery,
    lastEventId: number | undefined,
    ctx?: CallContext,
  ): Promise<Readable> {
    return this.http.openEventStream(
      {
        path: '/departments/closestAvailable',
        query: { ...query, serviceOfferings: query.serviceOfferings.join(',') },
        headers: lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {},
      },
      ctx,
    );
  }
}
