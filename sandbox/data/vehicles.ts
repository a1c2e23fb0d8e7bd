import type { MarketId } from '../../markets/schema.js';
import type { Car } from '../../contracts/upstream/search.js';
import { sandboxDataset, type SandboxDataset } from './dataset.js';

/**
 * The vehicle register: one car per registration number, whichever service is asked (the booking, the tire
 * hotel, the UK finance look-up, the cars for sale). A documented number (sandbox/README.md) is the same car on
 * every seed; a number a car of the search index carries is that car (a used car bought here is the car its
 * owner books a service for); any other number is left to the service, which derives a car from the seed.
 */
export interface RegisteredCar {
  registrationNumber: string;
  brand: string;
  model: string;
  buildYear: number;
}

const car = (registrationNumber: string, brand: string, model: string, buildYear: number): RegisteredCar => ({
  registrationNumber,
  brand,
  model,
  buildYear,
});

/** The documented cars: the booking's test cars and the cars of the tire hotel's agreements. */
export const DOCUMENTED_CARS: Readonly<Record<string, RegisteredCar>> = Object.fromEntries(
  [
    car('ABC123', 'Volvo', 'XC60', 2020),
    car('BMW330', 'BMW', '330e', 2021),
    car('VWG456', 'Volkswagen', 'Golf', 2018),
    car('KIA789', 'Kia', 'Niro', 2022),
    car('POR911', 'Porsche', '911 Carrera', 2017),
    car('LRO220', 'Land Rover', 'Defender', 2023),
    car('SRV100', 'Volvo', 'XC90', 2021),
    car('TES123', 'Tesla', 'Model 3', 2022),
    car('ERR503', 'Toyota', 'Corolla', 2019),
    car('DMC885', 'DeLorean', 'DMC-12', 1982),
    car('DEF456', 'Kia', 'Niro', 2021),
    car('GHI789', 'Volkswagen', 'Golf', 2019),
    car('JKL012', 'BMW', 'X3', 2022),
    car('MNO345', 'Toyota', 'RAV4', 2020),
  ].map((c) => [c.registrationNumber, c]),
);

/** A plate as the register files it: capitals, no spaces or hyphens ('ABC 12D' and 'abc12d' are one car). */
export const plateKey = (registration: string) => registration.replace(/[\s-]/g, '').toUpperCase();

const indexed = new WeakMap<SandboxDataset, Map<string, { market: MarketId; doc: Car }>>();

/** The search index's cars by plate, for one dataset (built once). */
function indexedCars(data: SandboxDataset) {
  let byPlate = indexed.get(data);
  if (!byPlate) {
    byPlate = new Map();
    for (const [market, cars] of data.cars)
      for (const doc of cars)
        if (doc.car_registration_number) byPlate.set(plateKey(doc.car_registration_number), { market, doc });
    indexed.set(data, byPlate);
  }
  return byPlate;
}

/** The car for sale (a search document) of one of these markets that carries the registration number, if any. */
export function listedCar(
  seed: number,
  now: Date,
  registration: string,
  markets: readonly MarketId[],
): Car | undefined {
  const found = indexedCars(sandboxDataset(seed, now)).get(plateKey(registration));
  return found && markets.includes(found.market) ? found.doc : undefined;
}

/** The car a registration number names for a service of these markets, or undefined when the register has none. */
export function registeredCar(
  seed: number,
  now: Date,
  registration: string,
  markets: readonly MarketId[],
): RegisteredCar | undefined {
  const key = plateKey(registration);
  const documented = DOCUMENTED_CARS[key];
  if (documented) return documented;
  const listed = listedCar(seed, now, key, markets);
  return listed && car(key, listed.car_brand, listed.car_model, listed.car_year);
}
