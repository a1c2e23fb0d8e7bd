import sharp from 'sharp';
import type { Car } from '../../contracts/upstream/search.js';
import { carSubjectOf } from '../../sandbox/data/carSubject.js';
import { sandboxDataset } from '../../sandbox/data/dataset.js';
import { marketProfile } from '../../sandbox/data/market-profiles.js';
import { BODIES, VOCABULARIES, type Body } from '../../sandbox/data/vocabulary.js';
import { carSilhouetteSvg } from '../../sandbox/services/media-svg.js';

/** Issue 39: a sandbox car is drawn in its own body's shape (a Hilux was drawn as a saloon). */

/** Heights above the ground (y 487 of the 1200 × 500 drawing) of a body's outline, read from its rendered pixels. */
async function outline(body: Body) {
  const { data, info } = await sharp(Buffer.from(carSilhouetteSvg(body)))
    .ensureAlpha()
    .extractChannel('alpha')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const top = (x: number) => {
    for (let y = 0; y < info.height; y++) if (data[y * info.width + x]! > 128) return 487 - y;
    return 0;
  };
  const columns = Array.from({ length: info.width }, (_, x) => top(x));
  const first = columns.findIndex((h) => h > 0);
  const last = columns.length - 1 - [...columns].reverse().findIndex((h) => h > 0);
  const at = (share: number) => columns[Math.round(first + share * (last - first))]!;
  return { roof: Math.max(...columns), rear: at(0.08), middle: at(0.5) };
}

const outlines = new Map<Body, Awaited<ReturnType<typeof outline>>>();
beforeAll(async () => {
  for (const body of BODIES) outlines.set(body, await outline(body));
});
const shape = (body: Body) => outlines.get(body)!;

describe('each body has its own shape', () => {
  it.each(['estate', 'hatchback', 'suv', 'mpv', 'van'] as const)('%s: the roof runs to the rear', (body) => {
    expect(shape(body).rear / shape(body).roof).toBeGreaterThanOrEqual(0.8);
  });

  it.each(['sedan', 'coupe', 'pickup'] as const)('%s: the rear (boot, bed) stands well below the roof', (body) => {
    expect(shape(body).rear / shape(body).roof).toBeLessThanOrEqual(0.72);
  });

  it.each(['suv', 'mpv', 'van'] as const)('%s stands taller than a saloon', (body) => {
    expect(shape(body).roof).toBeGreaterThanOrEqual(shape('sedan').roof * 1.08);
  });

  it('a convertible has no roof over its middle', () => {
    expect(shape('convertible').middle).toBeLessThanOrEqual(shape('sedan').roof * 0.72);
  });
});

describe('the media service draws each car for sale in its body', () => {
  const cars = [...sandboxDataset(1, new Date(Date.UTC(2026, 0, 1))).cars.values()].flat();
  const drawnAs = (car: Car) => carSubjectOf(car, { lat: 0, lng: 0 }).body;

  it.each([
    ['Toyota', 'Hilux', 'pickup'],
    ['Ford', 'Ranger', 'pickup'],
    ['Volkswagen', 'Transporter', 'van'],
    ['Volvo', 'V60', 'estate'],
    ['Volvo', 'XC60', 'suv'],
    ['Porsche', '911', 'coupe'],
  ] as const)('%s %s, in every market and language of its documents, as a %s', (brand, model, body) => {
    const found = cars.filter((c) => c.car_brand === brand && c.car_model === model);
    expect(found.length).toBeGreaterThan(0);
    expect([...new Set(found.map(drawnAs))]).toEqual([body]);
  });

  it("every car's documents name a body the drawings know (none falls back to a saloon)", () => {
    const words = (car: Car) => VOCABULARIES[marketProfile(car.car_market).language].body;
    expect(cars.filter((car) => !BODIES.some((body) => words(car)[body] === car.car_body))).toEqual([]);
  });
});
