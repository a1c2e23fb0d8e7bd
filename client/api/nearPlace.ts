import type { GeoPoint } from '../shared/geo/roundedPlace.js';
import { callBff, type BffResult } from './bffCall.js';

/** A postcode's town and its rounded place (`POST /api/places/postcode`): the postcode goes in the body, never a URL. */
export function placeOfPostcode(
  postcode: string,
  signal?: AbortSignal,
): Promise<BffResult<GeoPoint & { name: string }>> {
  return callBff('/api/places/postcode', { method: 'POST', json: { postcode }, signal });
}
