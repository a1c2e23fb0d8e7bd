import { normaliseSearchRequest } from '../../server/searchCache/normaliseSearchRequest.js';
import { nearText, parseNear, roundedPlace } from '../../client/shared/geo/roundedPlace.js';

describe('a shopper’s position, rounded before it goes anywhere (issue 53)', () => {
  it('rounds to the 0.05° grid, so a street apart is one place', () => {
    expect(roundedPlace({ lat: 59.3312, lng: 18.0651 })).toEqual({ lat: 59.35, lng: 18.05 });
    expect(roundedPlace({ lat: 59.3401, lng: 18.0589 })).toEqual({ lat: 59.35, lng: 18.05 });
    expect(roundedPlace({ lat: 52.4068, lng: -1.5197 })).toEqual({ lat: 52.4, lng: -1.5 });
    expect(nearText({ lat: 57.70891, lng: 11.97456 })).toBe('57.7,11.95');
  });

  it('reads `near` from a URL only as two coordinates on the earth, rounded', () => {
    expect(parseNear('59.3312,18.0651')).toEqual({ lat: 59.35, lng: 18.05 });
    expect(parseNear('-33.9,151.2')).toEqual({ lat: -33.9, lng: 151.2 });
    for (const bad of ['', '59.3', '91,10', '10,181', '59.3;18.0', 'a,b', '59.3,18.0,1'])
      expect(parseNear(bad)).toBe(undefined);
  });

  it('sends the search service and keys the cache by the rounded origin, and only for the distance sort', () => {
    const search = { index: 'cars-se', origin: { lat: 59.3312, lng: 18.0651 } } as const;
    expect(normaliseSearchRequest({ ...search, sort_name: 'distance_asc' }).origin).toEqual({ lat: 59.35, lng: 18.05 });
    expect(normaliseSearchRequest({ ...search, sort_name: 'price_asc' })).not.toHaveProperty('origin');
  });
});
