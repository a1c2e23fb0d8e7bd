import { Router } from 'express';
import { z } from 'zod';
import { callContextOf } from '../http/callContext.js';
import {
  AutocompleteQuery,
  AutocompleteResponse,
  PlaceDetailsPathParams,
  PlaceDetailsResponse,
  ReverseGeocodeQuery,
  ReverseGeocodeResponse,
} from '../../contracts/upstream/maps.js';
import type { MapsClient } from '../upstream/mapsClient.js';
import { addRoute, operation, parseRequest } from './apiOperation.js';

/** The place search belongs to the booking flow, whose places are Swedish. */
const places = { tag: 'places', feature: 'booking' } as const;

export const placesOperations = {
  autocomplete: operation({
    ...places,
    method: 'get',
    path: '/places/autocomplete',
    summary: 'Up to 5 Swedish places (geocode type, in Swedish) matching the input',
    query: z.object({ input: AutocompleteQuery.shape.input }),
    response: { schema: AutocompleteResponse },
    example: () => ({ query: { input: 'goteborg' } }),
  }),
  details: operation({
    ...places,
    method: 'get',
    path: '/places/details/{placeId}',
    summary: 'Name, coordinates and county of a place',
    params: PlaceDetailsPathParams,
    response: { schema: PlaceDetailsResponse },
    example: () => ({ params: { placeId: 'se-skane-malmo' } }),
  }),
  reverse: operation({
    ...places,
    method: 'get',
    path: '/places/reverse',
    summary: 'The nearest place to a point (Använd min plats)',
    query: ReverseGeocodeQuery,
    response: { schema: ReverseGeocodeResponse },
    example: () => ({ query: { lat: '55.6', lng: '13.0' } }),
  }),
};

/** `/api/places/...`: the maps service through the BFF, so no maps key ever reaches the browser. */
export function placesRoutes(maps: MapsClient): Router {
  const router = Router();
  const ops = placesOperations;
  addRoute(router, ops.autocomplete, async (req, res) => {
    const { query } = parseRequest(ops.autocomplete, req);
    res.json(await maps.autocomplete(query.input, callContextOf(req, res)));
  });
  addRoute(router, ops.details, async (req, res) => {
    const { params } = parseRequest(ops.details, req);
    res.json(await maps.details(params.placeId, callContextOf(req, res)));
  });
  addRoute(router, ops.reverse, async (req, res) => {
    const { query } = parseRequest(ops.reverse, req);
    res.json(await maps.reverseGeocode(query, callContextOf(req, res)));
  });
  return router;
}
