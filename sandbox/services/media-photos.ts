import sharp, { type Sharp } from 'sharp';
import { PHOTO_SIZES, photoFormat, photoOrientation, photoPath, type Photo } from '../data/pictures.js';
import { carSvg, sceneSvg, seededRandom } from './media-svg.js';

/**
 * Photographs as a dealer system delivers them, made from the drawings in media-svg.ts: rendered at
 * full size by sharp (librsvg), with a seeded film grain laid over them so they weigh what photographs
 * weigh (200–400 KB as JPEG: a flat drawing would be 30 KB), then encoded with the metadata real ones
 * carry (a phone's camera and GPS position on car photos, EXIF orientation on a few). Everything is
 * seeded from the picture's path, so the same URL gives the same bytes in every process.
 * Run in a process of its own (media-photo-maker.ts), never in the sandbox's.
 */

/** Grain strength (the spread of the brightness added to each pixel) per kind, set so each kind lands at 200–400 KB. */
const GRAIN: Record<Photo['kind'], number> = { car: 12, car360: 12, site: 12, story: 12, content: 12, kit: 14, person: 14 };
/** A PNG keeps every grain exactly: less of it keeps a cut-out product shot near the JPEGs' weight. */
const PNG_GRAIN = 6;
const GRAIN_TILE = 256;
/**
 * As a phone's encoder writes them: quality 82, standard Huffman tables (no optimising pass, which took
 * a fifth of a photo's making).
 */
const JPEG = { quality: 82, optimiseCoding: false };

/** A dealer's phone for gallery pictures: what its EXIF says, and where it was (the site). */
const CAMERA = { Make: 'Apple', Model: 'iPhone 13' };

function drawing(photo: Photo): { svg: string; designWidth: number } {
  switch (photo.kind) {
    case 'car':
    case 'car360': {
      const { brand, model, colorKey } = photo.car;
      const angle = photo.kind === 'car360' ? ((photo.n - 1) * 360) / photo.of : undefined;
      return { svg: carSvg({ brand, model, colorKey, n: photo.n, of: photo.of, ...(angle === undefined ? {} : { angle }), seed: photoPath(photo) }), designWidth: 1200 };
    }
    case 'site': return { svg: sceneSvg('site', photo.siteId, photo.name), designWidth: 1200 };
    case 'kit': return { svg: sceneSvg('kit', photo.kitId, photo.code, { transparent: photoFormat(photo) === 'png' }), designWidth: 800 };
    case 'person': return { svg: sceneSvg('person', photo.key, ''), designWidth: 400 };
    default: return { svg: sceneSvg(photo.kind, photo.key, photo.key.replace(/-/g, ' ')), designWidth: 1600 };
  }
}

/**
 * Film grain, added in place to raw pixels (`channels` 3, or 4 with alpha, which is left alone): a seeded
 * tile of brightness offsets repeated over the picture. In JavaScript, in the maker process: half the CPU
 * of libvips' `overlay` composite, which works in floating point.
 */
function addGrain(pixels: Buffer, width: number, height: number, channels: 3 | 4, label: string, strength: number): void {
  const random = seededRandom(label);
  const tile = new Int8Array(GRAIN_TILE * GRAIN_TILE);
  // The sum of three uniforms: close to a normal distribution, as grain is.
  for (let i = 0; i < tile.length; i++) tile[i] = Math.round((random() + random() + random() - 1.5) * strength);
  for (let y = 0; y < height; y++) {
    const row = (y % GRAIN_TILE) * GRAIN_TILE;
    for (let x = 0, p = y * width * channels; x < width; x++, p += channels) {
      const offset = tile[row + (x % GRAIN_TILE)]!;
      for (let c = 0; c < 3; c++) {
        const value = pixels[p + c]! + offset;
        pixels[p + c] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
}

/**
 * The drawing turned a quarter left, as a phone held the other way stores it: shown upright only by a
 * viewer that applies EXIF Orientation 6 (turn a quarter right). Turning the drawing, not the pixels,
 * keeps it one rendering.
 */
function quarterTurnLeft(svg: string): string {
  const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.map(Number) as [number, number, number];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${height} ${width}" width="${height}" height="${width}"><g transform="translate(0 ${width}) rotate(-90)">${svg}</g></svg>`;
}

/** Degrees, minutes and seconds as EXIF rationals ('59/1 19/1 4812/100'). */
function exifDegrees(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const hundredths = Math.round(((abs - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${hundredths}/100`;
}

function withCarExif(image: Sharp, photo: Photo): Sharp {
  if (photo.kind !== 'car' && photo.kind !== 'car360') return image;
  const { lat, lng } = photo.car.site;
  return image.withExif({
    IFD0: { ...CAMERA, Software: 'Dealer Photo 4.2' },
    IFD3: { GPSLatitudeRef: lat >= 0 ? 'N' : 'S', GPSLatitude: exifDegrees(lat), GPSLongitudeRef: lng >= 0 ? 'E' : 'W', GPSLongitude: exifDegrees(lng) },
  });
}

/** Makes one picture: its bytes, as the media service sends them. */
export async function makePhoto(photo: Photo): Promise<Buffer> {
  const { svg, designWidth } = drawing(photo);
  const format = photoFormat(photo);
  const orientation = photoOrientation(photo);
  const rendered = sharp(Buffer.from(orientation === 6 ? quarterTurnLeft(svg) : svg), { density: (72 * PHOTO_SIZES[photo.kind].width) / designWidth });
  const grain = `grain:${photoPath(photo)}`;
  if (format === 'png') {
    // A cut-out product shot: grain on the colours, the drawing's own transparency kept.
    const { data, info } = await rendered.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    addGrain(data, info.width, info.height, 4, grain, PNG_GRAIN);
    return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png({ compressionLevel: 6 }).toBuffer();
  }
  // The drawings other than a cut-out fill their whole frame: no transparency to flatten.
  const { data, info } = await rendered.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  addGrain(data, info.width, info.height, 3, grain, GRAIN[photo.kind]);
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  return withCarExif(orientation === 6 ? image.withMetadata({ orientation: 6 }) : image, photo).jpeg(JPEG).toBuffer();
}
