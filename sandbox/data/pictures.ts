/**
 * The photographs the media service makes, and the versioned URLs the data names them by.
 *
 * A picture is described by what it shows (its recipe): the data builds the recipe to name the picture,
 * the media service builds the same recipe from the same documents to make it. The URL's `v` is a hash of
 * the recipe, so a URL names one picture for ever (a CDN may keep it a year) and a changed picture gets a
 * new URL. Raster pictures only: logos, icons and map tiles stay SVG and unversioned.
 */

import type { Body } from './vocabulary.js';

/** Bump when drawings, sizes, grain or encoder settings change: every `v` changes with it. */
const GENERATION = 2;

/** Where a dealer's phone took a car's photos: the site's coordinates go into the EXIF GPS block. */
export interface CarSubject {
  carId: string;
  brand: string;
  model: string;
  /** The body's key (`pickup`): the drawing's shape. */
  body: Body;
  /** The colour's key (`blue`), not its name in a language. */
  colorKey: string;
  site: { lat: number; lng: number };
}

export type Photo =
  /** A gallery picture `n` of `of`. */
  | { kind: 'car'; car: CarSubject; n: number; of: number }
  /** A 360° frame `n` of `of`, the car turned (n - 1) × 360 / of degrees. */
  | { kind: 'car360'; car: CarSubject; n: number; of: number }
  | { kind: 'site'; siteId: string; name: string }
  | { kind: 'kit'; kitId: string; code: string; n: number }
  /** Stories, content pictures (heroes, blurbs, cards, slides, promo, video thumbnails) and staff portraits, by file name. */
  | { kind: 'story' | 'content' | 'person'; key: string };

export type PhotoKind = Photo['kind'];

/** Pixel size as displayed (after any EXIF orientation). */
export const PHOTO_SIZES: Record<PhotoKind, { width: number; height: number }> = {
  car: { width: 1600, height: 1200 },
  car360: { width: 1600, height: 1200 },
  site: { width: 1920, height: 1080 },
  story: { width: 1920, height: 1080 },
  content: { width: 1920, height: 1080 },
  kit: { width: 1200, height: 1200 },
  person: { width: 600, height: 600 },
};

export type PhotoFormat = 'jpeg' | 'png';
export const PHOTO_EXTENSIONS: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png' };
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' };

/** A kit's second picture is the product cut out on a transparent background, as a PNG. */
export function photoFormat(photo: Photo): PhotoFormat {
  return photo.kind === 'kit' && photo.n === 2 ? 'png' : 'jpeg';
}

/**
 * EXIF orientation 6 (the pixels stored turned a quarter left, upright only when the tag is applied) for
 * a phone held the other way: car gallery pictures 3, 7 and 11, and the second person of a department.
 */
export function photoOrientation(photo: Photo): 1 | 6 {
  if (photo.kind === 'car') return photo.n % 4 === 3 ? 6 : 1;
  if (photo.kind === 'person') return /-1$/.test(photo.key) ? 6 : 1;
  return 1;
}

export function photoPath(photo: Photo): string {
  const ext = PHOTO_EXTENSIONS[photoFormat(photo)];
  switch (photo.kind) {
    case 'car':
      return `/media/cars/${photo.car.carId}/${photo.n}.${ext}`;
    case 'car360':
      return `/media/cars/${photo.car.carId}/360/${photo.n}.${ext}`;
    case 'site':
      return `/media/sites/${photo.siteId}.${ext}`;
    case 'kit':
      return `/media/kits/${photo.kitId}/${photo.n}.${ext}`;
    case 'story':
      return `/media/stories/${photo.key}.${ext}`;
    case 'content':
      return `/media/content/${photo.key}.${ext}`;
    case 'person':
      return `/media/people/${photo.key}.${ext}`;
  }
}

/**
 * cyrb53 (a public-domain 53-bit string hash), its two 32-bit lanes fed a string, then numbers: the data
 * names some 40,000 pictures when it is built, on `npm start`'s way to its first page, so naming must be
 * cheap (a sha256 per picture made the dataset markedly slower); a version needs no secrecy, only to
 * change when the picture does.
 */
type Lanes = [number, number];
function feed(lanes: Lanes, text: string): Lanes {
  let [h1, h2] = lanes;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  return [h1, h2];
}
const feedNumber = ([h1, h2]: Lanes, n: number): Lanes => [
  Math.imul(h1 ^ n, 2654435761),
  Math.imul(h2 ^ n, 1597334677),
];

/** 10 hex digits (40 bits) of the finished hash, from 20-bit halves (Number#toString(16) of a 53-bit number is slow). */
function hex10([h1, h2]: Lanes): string {
  const a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  const low = a >>> 0;
  return (
    ((((b & 0xff) << 12) | (low >>> 20)) >>> 0).toString(16).padStart(5, '0') +
    (low & 0xfffff).toString(16).padStart(5, '0')
  );
}

const START: Lanes = [0xdeadbeef, 0x41c6ce57];

/** A car's part of its pictures' recipe (everything but the picture's number), hashed once per car. */
const carLanes = (kind: 'car' | 'car360', car: CarSubject, of: number) =>
  feed(
    START,
    [GENERATION, kind, car.carId, car.brand, car.model, car.body, car.colorKey, car.site.lat, car.site.lng, of].join(
      '\n',
    ),
  );

/** Everything a picture is made from, in a fixed order, so the data and the media service hash it alike. */
function recipeLanes(photo: Photo): Lanes {
  switch (photo.kind) {
    case 'car':
    case 'car360':
      return feedNumber(carLanes(photo.kind, photo.car, photo.of), photo.n);
    case 'site':
      return feed(START, [GENERATION, 'site', photo.siteId, photo.name].join('\n'));
    case 'kit':
      return feed(START, [GENERATION, 'kit', photo.kitId, photo.code, photo.n].join('\n'));
    default:
      return feed(START, [GENERATION, photo.kind, photo.key].join('\n'));
  }
}

/** The version in a picture's URL: a hash of everything the picture is made from. */
export const photoVersion = (photo: Photo): string => hex10(recipeLanes(photo));

/** `/media/cars/100001/1.jpg?v=3fa29c1e0b`, the URL the data names a picture by. */
export function photoUrl(photo: Photo): string {
  return `${photoPath(photo)}?v=${photoVersion(photo)}`;
}

/** A car's gallery (`kind` car) or 360° frames (`car360`), numbered from 1: the same URLs as photoUrl, the car hashed once. */
export function carPhotoUrls(kind: 'car' | 'car360', car: CarSubject, count: number): string[] {
  const lanes = carLanes(kind, car, count);
  return Array.from(
    { length: count },
    (_, i) => `${photoPath({ kind, car, n: i + 1, of: count })}?v=${hex10(feedNumber(lanes, i + 1))}`,
  );
}
