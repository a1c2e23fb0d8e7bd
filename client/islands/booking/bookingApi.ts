import type { z } from 'zod';
import type { BffInit } from '../../api/bffFetch.js';
import { callBff } from '../../api/bffCall.js';
import {
  BookingResponse,
  MechmateCar,
  OfferingsResponse,
  PricesResponse,
  TimeslotsResponse,
  AuthorizedWorkshopResponse,
  type BookingRequest,
} from '../../../contracts/upstream/mechmate.js';
import {
  AutocompleteResponse,
  PlaceDetailsResponse,
  ReverseGeocodeResponse,
} from '../../../contracts/upstream/maps.js';

/**
 * The booking island's calls to the BFF (part 2 §7), each answer checked with the contract, in the one
 * result shape of client/api/bffCall.ts. A refusal carries the booking service's message code
 * (`errors['Error Result'][0]`, relayed by the BFF) in `upstream.code` when there is one.
 */
const BASE = '/api/mechmate';

const call = <S extends z.ZodType>(url: string, schema: S, init: BffInit = {}) =>
  callBff<z.infer<S>>(url, init, { check: schema });

const enc = encodeURIComponent;
const codes = (list: string[]) => list.map(enc).join(',');

export const bookingApi = {
  car: (regNo: string, signal?: AbortSignal) => call(`${BASE}/car/${enc(regNo)}`, MechmateCar, { signal }),
  services: (regNo: string, lat: number, lng: number, signal?: AbortSignal) =>
    call(`${BASE}/services/${enc(regNo)}?lat=${lat}&lng=${lng}`, OfferingsResponse, { signal }),
  addons: (regNo: string, lat: number, lng: number, signal?: AbortSignal) =>
    call(`${BASE}/addons/${enc(regNo)}?lat=${lat}&lng=${lng}`, OfferingsResponse, { signal }),
  prices: (regNo: string, mileage: number, departmentId: number, offerings: string[], signal?: AbortSignal) =>
    call(
      `${BASE}/prices/${enc(regNo)}/${mileage}/${departmentId}?serviceOfferings=${codes(offerings)}`,
      PricesResponse,
      { signal },
    ),
  timeslots: (regNo: string, departmentId: number, date: string, offerings: string[], signal?: AbortSignal) =>
    call(
      `${BASE}/timeslots/from/${enc(regNo)}/${departmentId}/${date}/?serviceOfferings=${codes(offerings)}`,
      TimeslotsResponse,
      { signal },
    ),
  authorizedWorkshop: (brand: string, signal?: AbortSignal) =>
    call(`${BASE}/authorized-workshop/${enc(brand.trim().replace(/\s+/g, '-'))}`, AuthorizedWorkshopResponse, {
      signal,
    }),
  book: (request: BookingRequest) => call(`${BASE}/book`, BookingResponse, { method: 'POST', json: request }),
  workshopStreamUrl: (query: {
    regNo: string;
    offerings: string[];
    latitude: number;
    longitude: number;
    cursor?: number;
  }) =>
    `${BASE}/departments/closestAvailable?regNo=${enc(query.regNo)}&serviceOfferings=${codes(query.offerings)}&latitude=${query.latitude}&longitude=${query.longitude}${query.cursor === undefined ? '' : `&cursor=${query.cursor}`}`,
};

export const placesApi = {
  autocomplete: (input: string, signal?: AbortSignal) =>
    call(`/api/places/autocomplete?input=${enc(input)}`, AutocompleteResponse, { signal }),
  details: (placeId: string, signal?: AbortSignal) =>
    call(`/api/places/details/${enc(placeId)}`, PlaceDetailsResponse, { signal }),
  reverse: (lat: number, lng: number, signal?: AbortSignal) =>
    call(`/api/places/reverse?lat=${lat}&lng=${lng}`, ReverseGeocodeResponse, { signal }),
};
