import { existsSync, readFileSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { carSvg, sceneSvg, seededRandom } from './media-svg.js';

/**
 * Heavy originals, as dealers' phones and systems deliver them now (docs/pictures.md, "Heavy originals"): a
 * 12-megapixel phone photo as AVIF (8-bit 4:2:0, as phones write it), the same as sharp's default 4:4:4 AVIF,
 * a 16 MP AVIF, a flat 4096² AVIF of a few hundred bytes, a 16-bit 4096² PNG, the 12 MP photo as a baseline and
 * a progressive JPEG, and as HEIC (HEVC). Each is made from a drawing and seeded grain, so the same name gives the
 * same bytes in every process; the HEIC is a file made once with libheif's heif-enc (no HEVC encoder is on npm),
 * from the same picture (`npx tsx sandbox/fixtures/makeHeic.ts`).
 */
export const HEAVY_ORIGINALS = {
  'photo-12mp.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-12mp-444.avif': { width: 4032, height: 3024, type: 'image/avif' },
  'photo-16mp.avif': { width: 4608, height: 3456, type: 'image/avif' },
  'flat-4096.avif': { width: 4096, height: 4096, type: 'image/avif' },
  'photo-16bit.png': { width: 4096, height: 4096, type: 'image/png' },
  'photo-12mp.jpg': { width: 4032, height: 3024, type: 'image/jpeg' },
  'photo-12mp-progressive.jpg': { width: 4032, height: 3024, type: 'image/jpeg' },
  'photo-12mp.heic': { width: 4032, height: 3024, type: 'image/heic' },
} as const;
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

/** Where the HEIC made once is kept (beside the sources; the build, dist/sandbox/, reads it from there too). */
export const HEIC_FIXTURE = new URL('../fixtures/photo-12mp.heic', import.meta.url);
const HEIC_FROM_BUILD = new URL('../../../sandbox/fixtures/photo-12mp.heic', import.meta.url);

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
      return readFileSync(existsSync(HEIC_FIXTURE) ? HEIC_FIXTURE : HEIC_FROM_BUILD);
  }
}
