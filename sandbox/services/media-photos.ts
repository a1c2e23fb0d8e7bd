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

/** Grain strength (the tile's spread around mid-grey) per kind, set so each kind lands at 200–400 KB. */
const GRAIN: Record<Photo['kind'], number> = { car: 20, car360: 20, site: 20, story: 20, content: 20, kit: 28, person: 20 };
/** A PNG keeps every grain exactly: less of it keeps a cut-out product shot near the JPEGs' weight. */
const PNG_GRAIN = 8;
const GRAIN_TILE = 256;
const JPEG_QUALITY = 82;

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

/** A grey tile of seeded noise around mid-grey; laid over a picture with `overlay`, it is film grain. */
function grainTile(label: string, strength: number): Buffer {
  const random = seededRandom(label);
  const tile = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 3);
  for (let i = 0; i < GRAIN_TILE * GRAIN_TILE; i++) {
    // The sum of three uniforms: close to a normal distribution, as grain is.
    const value = Math.max(0, Math.min(255, Math.round(128 + (random() + random() + random() - 1.5) * strength)));
    tile[i * 3] = tile[i * 3 + 1] = tile[i * 3 + 2] = value;
  }
  return tile;
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
  const grain = { input: grainTile(`grain:${photoPath(photo)}`, format === 'png' ? PNG_GRAIN : GRAIN[photo.kind]), raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 3 as const }, tile: true, blend: 'overlay' as const };
  const rendered = sharp(Buffer.from(orientation === 6 ? quarterTurnLeft(svg) : svg), { density: (72 * PHOTO_SIZES[photo.kind].width) / designWidth });
  if (format === 'png') {
    // A cut-out product shot: grain on the colours, the drawing's own transparency kept.
    const { data, info } = await rendered.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: 4 as const };
    const alpha = await sharp(data, { raw }).extractChannel(3).toBuffer();
    const colours = await sharp(data, { raw }).removeAlpha().composite([grain]).raw().toBuffer();
    return sharp(colours, { raw: { ...raw, channels: 3 } }).joinChannel(alpha, { raw: { ...raw, channels: 1 } }).png({ compressionLevel: 6 }).toBuffer();
  }
  const image = rendered.flatten({ background: '#ffffff' }).composite([grain]);
  return withCarExif(orientation === 6 ? image.withMetadata({ orientation: 6 }) : image, photo).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}
