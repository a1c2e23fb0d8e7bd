import type { Car } from '../../contracts/upstream/search.js';
import { marketProfile } from './market-profiles.js';
import type { CarSubject } from './pictures.js';
import { BODIES, COLORS, VOCABULARIES } from './vocabulary.js';

/**
 * What a car's photographs show, read back from its search document (in the market's words: 'Pickup', 'Vit') as the
 * data named them (sandbox/data/cars.ts, from the catalogue's keys): the media service draws the same car the data
 * versioned, a Hilux as a pickup.
 */
export function carSubjectOf(car: Car, site: CarSubject['site']): CarSubject {
  const words = VOCABULARIES[marketProfile(car.car_market).language];
  return {
    carId: car.car_id,
    brand: car.car_brand,
    model: car.car_model,
    body: BODIES.find((key) => words.body[key] === car.car_body) ?? 'sedan',
    colorKey: COLORS.find((key) => words.color[key] === car.car_color) ?? 'grey',
    site,
  };
}
