import sharp from 'sharp';
import pino from 'pino';
import { DecodeGate } from '../../../server/media/transform/decodeGate.js';
import { transformPicture, UnusablePicture } from '../../../server/media/transform/transformPicture.js';
import { createTransformService } from '../../../server/media/transform/transformService.js';

/**
 * What the sandbox's media faults cannot send: a drawing under a photograph's name. libvips would
 * rasterise an SVG (at any size it declares); the transform service reads the type from the first bytes
 * and never hands it over.
 */
describe('a picture variant', () => {
  it('is never made from an SVG, whatever its name or Content-Type said', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="100%" height="100%"/></svg>',
    );
    const transforms = createTransformService({
      gate: new DecodeGate(96 * 1024 * 1024),
      events: { transformed: () => undefined, heavyDecoded: () => undefined, decodeRefused: () => undefined },
      logger: pino({ level: 'silent' }),
      maxInputPixels: 16_777_216,
      avifEffort: 4,
      decodeDeadlineMs: 60_000,
    });
    const made = transforms.variant(svg, { width: 640, quality: 75, format: 'webp' });
    await expect(made).rejects.toBeInstanceOf(UnusablePicture);
    await expect(made).rejects.toMatchObject({ reason: 'type' });
  });
});

/** The background AVIF is encoded by avifenc in a process of its own: what comes back is still the picture asked for. */
describe('an AVIF variant', () => {
  it('is a valid AVIF of the width asked for, its transparency kept and no metadata', async () => {
    const halfGreen = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const made = await transformPicture(
      halfGreen,
      { width: 150, quality: 75, format: 'avif' },
      { maxPixels: 16_777_216, avifEffort: 0 },
    );
    expect([made.contentType, made.width, made.height]).toEqual(['image/avif', 150, 100]);
    const meta = await sharp(made.body).metadata();
    expect([meta.format, meta.compression, meta.width, meta.height, meta.hasAlpha]).toEqual([
      'heif',
      'av1',
      150,
      100,
      true,
    ]);
    expect([meta.exif, meta.icc, meta.xmp]).toEqual([undefined, undefined, undefined]);
    const [r, g, b, a] = await sharp(made.body).raw().toBuffer();
    expect(Math.abs(g! - 128)).toBeLessThan(8);
    expect([r! < 8, b! < 8, Math.abs(a! - 128) < 8]).toEqual([true, true, true]);
  });
});
