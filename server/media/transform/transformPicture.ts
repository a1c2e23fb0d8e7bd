import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { encodeAvif } from './avifEncode.js';
import { CONTENT_TYPES, type VariantFormat } from './variantFormat.js';

/** A pathological file is given up after this long rather than holding a transform place. */
const TRANSFORM_TIMEOUT_S = 10;

/**
 * A picture the pipeline will not serve a variant of: corrupt, cut short, too large (pixels, or memory: it can never
 * fit the decode share), not a picture it decodes, or one whose decoder failed or died (now or before).
 */
export class UnusablePicture extends Error {
  constructor(
    readonly reason: 'type' | 'pixels' | 'corrupt' | 'memory' | 'decoder',
    message: string,
  ) {
    super(message);
    this.name = 'UnusablePicture';
  }
}

export interface MadeVariant {
  body: Buffer;
  contentType: string;
  format: VariantFormat;
  /** A strong validator of these bytes. */
  etag: string;
  width: number;
  height: number;
}

export interface TransformSettings {
  /** Decoding is refused above this many pixels (width × height), read from the header before any pixel. */
  maxPixels: number;
  /**
   * libaom's effort for AVIF (0–9; IMAGE_AVIF_EFFORT, sharp's default 4): 1600×1200 photo to 640 px, effort 4 costs
   * 20 times effort 0 (docs/pictures.md). AVIFs are made in the background only, never for a waiting shopper, and
   * encoded in a niced process (server/media/transform/avifEncode.ts).
   */
  avifEffort: number;
}

/** The same visual quality in each format: AVIF reaches WebP's and JPEG's at about two thirds of their number. */
const encoderQuality = (format: VariantFormat, quality: number) =>
  format === 'avif' ? Math.round((quality * 2) / 3) : quality;

/**
 * One variant of an original: upright (EXIF orientation applied), at most `width` wide (never
 * enlarged), in sRGB, with every metadata block left behind (EXIF with its GPS position, XMP, IPTC,
 * ICC): sharp writes none unless asked to keep them. The type is checked from the first bytes and the
 * pixel count from the header (`limitInputPixels`) before any pixel is decoded; bad pixel data stops it
 * (`failOn: 'error'`, which includes a truncated file). One libvips call: a separate metadata() read
 * cost the event loop as much again.
 */
export async function transformPicture(
  original: Buffer,
  want: { width: number; quality: number; format: VariantFormat },
  settings: TransformSettings,
): Promise<MadeVariant> {
  const options = { failOn: 'error', limitInputPixels: settings.maxPixels, sequentialRead: true } as const;
  let image = sharp(original, options)
    .timeout({ seconds: TRANSFORM_TIMEOUT_S })
    .rotate()
    .resize({ width: want.width, withoutEnlargement: true })
    .toColourspace('srgb');
  const quality = encoderQuality(want.format, want.quality);
  // AVIF: sized here, losslessly (a PNG unpacked, alpha kept), then encoded at a lower priority elsewhere.
  if (want.format === 'avif') image = image.png({ compressionLevel: 0 });
  else if (want.format === 'webp') image = image.webp({ quality });
  else image = image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
  let sized: { data: Buffer; info: OutputInfo };
  try {
    sized = await image.toBuffer({ resolveWithObject: true });
  } catch (err) {
    const message = (err as Error).message;
    throw new UnusablePicture(
      /pixel limit/i.test(message) ? 'pixels' : 'corrupt',
      `the picture could not be made: ${message}`,
    );
  }
  const { info } = sized;
  const data =
    want.format === 'avif'
      ? await encodeAvif(sized.data, { width: info.width, height: info.height, quality, effort: settings.avifEffort })
      : sized.data;
  return madeVariant(data, info, want.format);
}

/** A variant of these bytes, with its strong ETag. */
export function madeVariant(body: Buffer, size: { width: number; height: number }, format: VariantFormat): MadeVariant {
  return {
    body,
    contentType: CONTENT_TYPES[format],
    format,
    etag: etagOf(body),
    width: size.width,
    height: size.height,
  };
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * libvips' own settings, once at start-up: its operation cache holds decoded pictures for reuse, which
 * a pipeline that sees each original once a variant never gets back, so it is kept small (bytes from
 * the memory budget); its threads per picture follow the cores left to each of the transforms running at once.
 */
export function configureSharp(options: { cacheBytes: number; cores: number; transformsAtOnce: number }): void {
  sharp.cache({ memory: Math.max(1, Math.floor(options.cacheBytes / (1024 * 1024))), files: 0, items: 20 });
  sharp.concurrency(Math.max(1, Math.floor(options.cores / options.transformsAtOnce)));
}
