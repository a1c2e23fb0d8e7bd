import express, { type Router } from 'express';
import {
  AutocompleteQuery,
  PlaceDetailsPathParams,
  PostcodeQuery,
  type PostcodePlace,
  ReverseGeocodeQuery,
  type AutocompleteResponse,
  type MapsErrorBody,
  type Place,
  type ReverseGeocodeResponse,
} from '../../contracts/upstream/maps.js';
import type { SandboxContext } from '../context.js';
import { autocompletePlaces, findPlace, nearestPlace } from '../data/places.js';
import { placeOfPostcode } from '../data/postcodes.js';
import { parseInput } from './parseInput.js';

/**
 * Place autocomplete, details and reverse geocode over the Swedish places of sandbox/data/places.ts; the place of a
 * postcode over the towns of every market's sites (sandbox/data/postcodes.ts).
 */
export function mapsService(_ctx: SandboxContext): Router {
  const router = express.Router();
  const badRequest = (summary: string): MapsErrorBody => ({ message: `Invalid request: ${summary}` });

  router.get('/places/autocomplete', (req, res) => {
    const query = parseInput(AutocompleteQuery, req.query);
    if (!query.ok) return void res.status(400).json(badRequest(query.summary));
    const predictions = autocompletePlaces(query.data.input).map(({ placeId, name, region }) => ({
      placeId,
      name,
      region,
      description: `${name}, ${region}`,
    }));
    res.json({ predictions } satisfies AutocompleteResponse);
  });

  router.get('/places/details/:placeId', (req, res) => {
    const params = parseInput(PlaceDetailsPathParams, req.params);
    if (!params.ok) return void res.status(400).json(badRequest(params.summary));
    const place = findPlace(params.data.placeId);
    if (!place) return void res.status(404).json({ message: 'Place not found' } satisfies MapsErrorBody);
    res.json(place satisfies Place);
  });

  router.get('/geocode/reverse', (req, res) => {
    const query = parseInput(ReverseGeocodeQuery, req.query);
    if (!query.ok) return void res.status(400).json(badRequest(query.summary));
    const { place, distanceKm } = nearestPlace({ latitude: query.data.lat, longitude: query.data.lng });
    res.json({ ...place, distanceKm } satisfies ReverseGeocodeResponse);
  });

  router.get('/geocode/postcode', (req, res) => {
    const query = parseInput(PostcodeQuery, req.query);
    if (!query.ok) return void res.status(400).json(badRequest(query.summary));
    const place = placeOfPostcode(query.data.country, query.data.postcode);
    if (!place) return void res.status(404).json({ message: 'Postcode not found' } satisfies MapsErrorBody);
    res.json(place satisfies PostcodePlace);
  });
  return router;
}
