import {
  PostcodePlace,
  type PostcodeCountry,
  AutocompleteResponse,
  PlaceDetailsResponse,
  ReverseGeocodeResponse,
  type Place,
} from '../../contracts/upstream/maps.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

/**
 * The maps service, called only from the server so that no maps key reaches the browser.
 * Autocomplete is always Swedish places, in Swedish, of geocode type (part 2 §5.1).
 */
export class MapsClient {
  constructor(private readonly http: UpstreamHttp) {}

  autocomplete(input: string, ctx?: CallContext): Promise<AutocompleteResponse> {
    const query = { input, country: 'se', language: 'sv', types: 'geocode' };
    return this.http.json({ method: 'GET', path: '/places/autocomplete', query, schema: AutocompleteResponse }, ctx);
  }

  details(placeId: string, ctx?: CallContext): Promise<Place> {
    return this.http.json(
      { method: 'GET', path: `/places/details/${encodeURIComponent(placeId)}`, schema: PlaceDetailsResponse },
      ctx,
    );
  }

  reverseGeocode(point: { lat: number; lng: number }, ctx?: CallContext): Promise<ReverseGeocodeResponse> {
    return this.http.json(
      { method: 'GET', path: '/geocode/reverse', query: point, schema: ReverseGeocodeResponse },
      ctx,
    );
  }

  /** The place of a postcode ('nearest first'); a postcode the service does not know is its 404. */
  postcode(country: PostcodeCountry, postcode: string, ctx?: CallContext): Promise<PostcodePlace> {
    return this.http.json(
      { method: 'GET', path: '/geocode/postcode', query: { country, postcode }, schema: PostcodePlace },
      ctx,
    );
  }
}
