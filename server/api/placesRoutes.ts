import { Router } from 'express';
import { z } from 'zod';
import { callContextOf } from '../upstream/callContext.js';
import {
  AutocompleteQuery,
  AutocompleteResponse,
  PlaceDetailsPathParams,
  PlaceDetailsResponse,
  ReverseGeocodeQuery,
  ReverseGeocodeResponse,
  PostcodeText,
} from '../../contracts/upstream/maps.js';
import { postcodeCountryOf } from '../markets/postcodeCountry.js';
import { roundedPlace } from '../../client/shared/geo/roundedPlace.js';
import type { MapsClient } from '../upstream/mapsClient.js';
import { addRoute, operation, parseRequest } from './apiOperation.js';

/** The place search belongs to the booking flow, whose places are Swedish. */
const places = { tag: 'places', feature: 'booking' } as const;

/** A postcode as the car list's 'nearest first' field sends it. */
const NearPostcodeBody = z.strictObject({ postcode: PostcodeText });
const NearPlace = z.object({ name: z.string(), lat: z.number(), lng: z.number() });

export const placesOperations = {
  postcode: operation({
    tag: 'places',
    method: 'post',
    path: '/places/postcode',
    summary: "Where a postcode is, for 'nearest first'",
    description:
      "The town of a postcode of the market's country and its centre rounded to the 0.05° grid (about 5 km), which the car list sorts by distance from (`sortName=distance_asc&near=lat,lng`). " +
      'The postcode travels in the body and is neither kept nor logged; a postcode the maps service does not know answers its 404.',
    body: NearPostcodeBody,
    response: { schema: NearPlace, example: { name: 'Stockholm', lat: 59.35, lng: 18.05 } },
    example: () => ({ body: { postcode: '114 27' } }),
  }),
  autocomplete: operation({
    ...places,
    method: 'get',
    path: '/places/autocomplete',
    summary: 'Swedish places matching the input',
    description:
      'Up to 5 Swedish places (towns and counties, in Swedish) whose name starts with or contains the input, for the booking map search. ' +
      'Diacritics may be left out (goteborg finds Göteborg). Take placeId to /api/places/details/{placeId}.',
    query: z.object({ input: AutocompleteQuery.shape.input }),
    response: {
      schema: AutocompleteResponse,
      example: {
        predictions: [
          {
            placeId: 'se-vastra-gotalands-goteborg',
            name: 'Göteborg',
            region: 'Västra Götalands län',
            description: 'Göteborg, Västra Götalands län',
          },
        ],
      },
    },
    example: () => ({ query: { input: 'goteborg' } }),
  }),
  details: operation({
    ...places,
    method: 'get',
    path: '/places/details/{placeId}',
    summary: 'Name, coordinates and county of a place',
    description:
      'One place by the placeId of an autocomplete answer: where the booking map centres and the workshops are sorted from.',
    params: PlaceDetailsPathParams,
    response: {
      schema: PlaceDetailsResponse,
      example: { name: 'Malmö', placeId: 'se-skane-malmo', latitude: 55.605, longitude: 13.0038, region: 'Skåne län' },
    },
    example: () => ({ params: { placeId: 'se-skane-malmo' } }),
  }),
  reverse: operation({
    ...places,
    method: 'get',
    path: '/places/reverse',
    summary: 'The nearest place to a point',
    description:
      "The Swedish place nearest to a latitude and longitude (the booking's 'Använd min plats'), with its distance in km.",
    query: ReverseGeocodeQuery,
    response: {
      schema: ReverseGeocodeResponse,
      example: {
        name: 'Malmö',
        placeId: 'se-skane-malmo',
        latitude: 55.605,
        longitude: 13.0038,
        region: 'Skåne län',
        distanceKm: 0.6,
      },
    },
    example: () => ({ query: { lat: '55.6', lng: '13.0' } }),
  }),
};

/** `/api/places/...`: the maps service through the BFF, so no maps key ever reaches the browser. */
export function placesRoutes(maps: MapsClient): Router {
  const router = Router();
  const ops = placesOperations;
  addRoute(router, ops.postcode, async (req, res) => {
    const { body } = parseRequest(ops.postcode, req);
    const place = await maps.postcode(postcodeCountryOf(res.locals.market), body.postcode, callContextOf(req, res));
    res.json({ name: place.name, ...roundedPlace({ lat: place.latitude, lng: place.longitude }) });
  });
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
