import { greatCircleKm } from '../../contracts/upstream/searchWords.js';
import { hashSeed } from './random.js';

/**
 * Stable pseudo-random choices keyed by what they decide ('slot:2004:2026-03-02:08:30'), so a
 * workshop's calendar or a car's price never depends on the order in which requests arrive.
 */
export function chance(seed: number, label: string): number {
  // murmur3 finaliser: hashSeed alone leaves neighbouring labels correlated.
  let h = hashSeed(seed, label);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

export function pickStable<T>(seed: number, label: string, items: readonly T[]): T {
  const item = items[Math.floor(chance(seed, label) * items.length)];
  if (item === undefined) throw new Error(`pickStable: no items for ${label}`);
  return item;
}

/** Memoise a generator per seed: data is built once per sandbox seed and then shared. */
export function memoisePerSeed<T>(build: (seed: number) => T): (seed: number) => T {
  const bySeed = new Map<number, T>();
  return (seed) => {
    let value = bySeed.get(seed);
    if (value === undefined) {
      value = build(seed);
      bySeed.set(seed, value);
    }
    return value;
  };
}

/** Diacritics folded and lower-cased, for matching what a shopper types ('malmo' finds 'Malmö'). */
export function foldForSearch(text: string): string {
  return text
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Great-circle distance in kilometres. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  return greatCircleKm({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude });
}
