import { z } from 'zod';
import { latitude, longitude } from './primitives.js';

/**
 * Contract of the maps service (part 2 §3.1 'Place', §5.1, §7): place autocomplete, place details
 * and reverse geocode. The specification shows only the Place fields; the rest is designed here,
 * kept close to the well-known maps APIs. Errors answer `{ message }`; an unknown placeId is 404.
 */

export const MapsErrorBody = z.object({ message: z.string() });
export type MapsErrorBody = z.infer<typeof MapsErrorBody>;

export const PlaceId = z.string().regex(/^[A-Za-z0-9_-]{3,100}$/, 'expected a place id');

export const Place = z.object({
  name: z.string(),
  placeId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The county ('län'), e.g. `Skåne län`. */
  region: z.string(),
});
export type Place = z.infer<typeof Place>;

// ---------- GET /places/autocomplete?input&country=se&language=sv&types=geocode ----------

/** Only Swedish places, in Swedish, of geocode type (§5.1); other values are refused. */
export const AutocompleteQuery = z.object({
  input: z.string().trim().min(1).max(100),
  country: z.literal('se'),
  language: z.literal('sv'),
  types: z.literal('geocode'),
});
export type AutocompleteQuery = z.infer<typeof AutocompleteQuery>;
export const PlacePrediction = z.object({
  placeId: z.string(),
  name: z.string(),
  region: z.string(),
  /** `name, region`, what the suggestion list shows. */
  description: z.string(),
});
/** At most 5 predictions, best first: names starting with the input, then names with a word starting with it. */
export const AutocompleteResponse = z.object({ predictions: z.array(PlacePrediction).max(5) });
export type AutocompleteResponse = z.infer<typeof AutocompleteResponse>;

// ---------- GET /places/details/:placeId ----------

export const PlaceDetailsPathParams = z.object({ placeId: PlaceId });
export const PlaceDetailsResponse = Place;

// ---------- GET /geocode/reverse?lat&lng ----------

export const ReverseGeocodeQuery = z.object({ lat: latitude, lng: longitude });
export type ReverseGeocodeQuery = z.infer<typeof ReverseGeocodeQuery>;
/** The nearest known place, with its distance from the point. */
export const ReverseGeocodeResponse = Place.extend({ distanceKm: z.number() });
export type ReverseGeocodeResponse = z.infer<typeof ReverseGeocodeResponse>;
