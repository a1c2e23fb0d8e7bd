import { z } from 'zod';
import { latitude, longitude } from './primitives.js';

/**
 * Contract of the maps service (part 2 §3.1 'Place', §5.1, §7): place autocomplete, place details,
 * reverse geocode and the place of a postcode (the car list's 'nearest first', issue 53). The specification shows only the Place fields; the rest is designed here,
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

// ---------- GET /geocode/postcode?country&postcode ----------

/** The countries of the markets: Sweden (both Swedish sites), Finland, Norway, Slovakia, the UK. */
export const POSTCODE_COUNTRIES = ['se', 'fi', 'no', 'sk', 'gb'] as const;
export type PostcodeCountry = (typeof POSTCODE_COUNTRIES)[number];

/** A postcode as a shopper types it: letters, digits and spaces ('114 27', 'CV3 0CL', or the UK's 'CV3'). */
export const PostcodeText = z
  .string()
  .trim()
  .min(2)
  .max(10)
  .regex(/^[A-Za-z0-9 ]+$/, 'expected a postcode');

export const PostcodeQuery = z.object({ country: z.enum(POSTCODE_COUNTRIES), postcode: PostcodeText });
export type PostcodeQuery = z.infer<typeof PostcodeQuery>;
/**
 * Where a postcode is: the area's centre, with its town and region, and the postcode as the country writes it
 * ('11427' → '114 27', 'cv30cl' → 'CV3 0CL'). 404 `{ message }` for a postcode the service does not know.
 */
export const PostcodePlace = z.object({
  postcode: z.string(),
  name: z.string(),
  region: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PostcodePlace = z.infer<typeof PostcodePlace>;
