import { transformPicture, UnusablePicture } from '../../../server/media/transformPicture.js';

/**
 * What the sandbox's media faults cannot send: a drawing under a photograph's name. libvips would
 * rasterise an SVG (at any size it declares); the pipeline reads the type from the first bytes and
 * never hands it over.
 */
describe('a picture variant', () => {
  it('is never made from an SVG, whatever its name or Content-Type said', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="100%" height="100%"/></svg>',
    );
    const made = transformPicture(
      svg,
      { width: 640, quality: 75, format: 'webp' },
      { maxPixels: 16_777_216, avifEffort: 4 },
    );
    await expect(made).rejects.toBeInstanceOf(UnusablePicture);
    await expect(made).rejects.toMatchObject({ reason: 'type' });
  });
});
