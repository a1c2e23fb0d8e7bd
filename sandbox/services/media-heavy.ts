import { existsSync, readFileSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { carSvg, sceneSvg, seededRandom } from './media-svg.js';

/**
 * Heavy originals, as dealers' phones and systems deliver them now (docs/pictures.md, "Heavy originals"): a
 * 12-megapixel phone photo as AVIF in every flavour (8-bit 4:2:0 as phones write it, sharp's default 4:4:4,
 * 10-bit as HDR phones write it, 12-bit, 4:2:2, a grid of tiles), a 16 MP AVIF, a flat 4096² AVIF of a few hundred
 * bytes, a 16-bit 4096² PNG, the 12 MP photo as a baseline and a progressive JPEG, and as HEIC (HEVC); a Display
 * P3 photo of one green (sRGB 48,192,128) as AVIF and HEIC, a picture with transparency as AVIF, and a small AVIF
 * that asks to be turned and mirrored (irot, imir). Each is made from a drawing and seeded grain, so the same name
 * gives the same bytes in every process; what sharp cannot write (HEVC, 4:2:2, grids, irot) is a file made once with
 * libheif's heif-enc and libavif's avifenc from the same pictures and kept in `fixtures/` (`npx tsx
 * sandbox/fixtures/makeFixtures.ts`).
 */
export const HEAVY_ORIGINALS = {
  'photo-12mp.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-12mp-444.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-12mp-10bit.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-12mp-12bit-444.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-12mp-422.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-12mp-grid.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-16mp.avif': { width: 4608, height: 3456, type: 'image/avif' },
  'flat-4096.avif': { width: 4096, height: 4096, type: 'image/avif' },
  'photo-16bit.png': { width: 4096, height: 4096, type: 'image/png' },
  'photo-12mp.jpg': { width: 4032, height: 3024, type: 'image/jpeg' },
  'photo-12mp-progressive.jpg': { width: 4032, height: 3024, type: 'image/jpeg' },
  'photo-12mp.heic': { width: 4032, height: 3024, type: 'image/heic' },
  'green-p3.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'green-p3.heic': { width: 4032, height: 3024, type: 'image/heic' },
  'transparent.avif': { width: 1600, height: 1200, type: 'image/avif' },
  'turned.avif': { width: 48, height: 64, type: 'image/avif' },
} as const;

/** The one green the P3 originals show, as sRGB: converted into Display P3 numbers and tagged with its profile. */
export const P3_GREEN = { r: 48, g: 192, b: 128 } as const;

/** Made once by fixtures/makeFixtures.ts (no encoder on npm writes them) and kept in the tree. */
export const FIXTURE_NAMES = [
  'photo-12mp.heic',
  'photo-12mp-422.avif',
  'photo-12mp-grid.avif',
  'green-p3.heic',
  'turned.avif',
] as const;
export type HeavyName = keyof typeof HEAVY_ORIGINALS;

export const isHeavyName = (name: string): name is HeavyName => Object.hasOwn(HEAVY_ORIGINALS, name);

/** libaom's effort for making them: the quickest (12 MP in about 3 s, 7 s at effort 2); a decoder meets the same kind of file at any effort. */
const AVIF_EFFORT = 0;
const GRAIN = 6;

/** The photo the 12 and 16 MP originals show: a car on a lot, rendered at full size, with seeded grain. */
export async function heavyPhotoPixels(width: number, height: number): Promise<Sharp> {
  const svg = carSvg({ brand: 'Volvo', model: 'XC60', colorKey: 'blue', n: 1, of: 1, seed: `heavy:${width}` });
  const { data, info } = await sharp(Buffer.from(svg), { density: (72 * width) / 1200 })
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seededRandom(`heavy-grain:${width}x${height}`);
  const tile = Int8Array.from({ length: 65_536 }, () => Math.round((random() + random() - 1) * GRAIN));
  for (let i = 0; i < data.length; i++) {
    const value = data[i]! + tile[(i * 7919) & 65_535]!;
    data[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
}

/** Where a file made once is kept (beside the sources; the build, dist/sandbox/, reads it from there too). */
export const fixtureUrl = (name: string) => new URL(`../fixtures/${name}`, import.meta.url);
const fixtureFromBuild = (name: string) => new URL(`../../../sandbox/fixtures/${name}`, import.meta.url);

/** A flat picture of the P3 green, in Display P3 with its profile. */
export function greenP3(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: P3_GREEN } }).withIccProfile('p3');
}

/** A small picture whose four corners differ (red, green, blue, white), to see a turn or a mirror by. */
export function cornersPicture(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const top = y < height / 2;
      const left = x < width / 2;
      pixels.set(top ? (left ? [255, 0, 0] : [0, 255, 0]) : left ? [0, 0, 255] : [255, 255, 255], (y * width + x) * 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** Makes one heavy original: its bytes, as the media service sends them. */
export async function makeHeavy(name: HeavyName): Promise<Buffer> {
  const { width, height } = HEAVY_ORIGINALS[name];
  switch (name) {
    case 'photo-12mp.avif':
    case 'photo-16mp.avif':
      return (await heavyPhotoPixels(width, height))
        .avif({ quality: 50, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' })
        .toBuffer();
    case 'photo-12mp-444.avif':
      return (await heavyPhotoPixels(width, height)).avif({ quality: 50, effort: AVIF_EFFORT }).toBuffer();
    case 'photo-12mp-10bit.avif':
      return (await heavyPhotoPixels(width, height))
        .avif({ quality: 50, effort: AVIF_EFFORT, bitdepth: 10, chromaSubsampling: '4:2:0' })
        .toBuffer();
    case 'photo-12mp-12bit-444.avif':
      return (await heavyPhotoPixels(width, height))
        .avif({ quality: 50, effort: AVIF_EFFORT, bitdepth: 12 })
        .toBuffer();
    case 'green-p3.avif':
      return greenP3(width, height).avif({ quality: 80, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' }).toBuffer();
    case 'transparent.avif':
      // A product cut out on nothing: transparent around an opaque middle.
      return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([
          { input: await (await heavyPhotoPixels(width / 2, height / 2)).png().toBuffer(), gravity: 'centre' },
        ])
        .avif({ quality: 50, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' })
        .toBuffer();
    case 'flat-4096.avif':
      return sharp({ create: { width, height, channels: 3, background: '#7a8590' } })
        .avif({ effort: AVIF_EFFORT })
        .toBuffer();
    case 'photo-16bit.png':
      // A product shot on a studio background, kept at 16 bits a sample as a scanner or raw converter writes it.
      return sharp(Buffer.from(sceneSvg('kit', 'heavy-16bit', 'A 16-bit PNG')), { density: (72 * width) / 800 })
        .resize(width, height, { fit: 'fill' })
        .removeAlpha()
        .toColourspace('rgb16')
        .png({ compressionLevel: 6 })
        .toBuffer();
    case 'photo-12mp.jpg':
      return (await heavyPhotoPixels(width, height)).jpeg({ quality: 85 }).toBuffer();
    case 'photo-12mp-progressive.jpg':
      return (await heavyPhotoPixels(width, height)).jpeg({ quality: 85, progressive: true }).toBuffer();
    case 'photo-12mp.heic':
    case 'photo-12mp-422.avif':
    case 'photo-12mp-grid.avif':
    case 'green-p3.heic':
    case 'turned.avif':
      return readFileSync(existsSync(fixtureUrl(name)) ? fixtureUrl(name) : fixtureFromBuild(name));
  }
}
