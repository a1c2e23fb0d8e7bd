import sharp, { type Metadata } from 'sharp';
import type { HeavyDecoder } from './decodeProcess.js';
import type { VariantFormat } from './variantFormat.js';

/**
 * What decoding an original and encoding one variant of it costs in memory, estimated from the original's
 * header before any pixel is decoded (docs/pictures.md, "Heavy originals"). Every figure below was measured
 * here as the peak RSS a transform added to a bare sharp process (glibc with the image's settings,
 * `sharp.concurrency(1)`, libvips' cache off), rounded up; `test/unit/decodeCost.test.ts` pins them.
 */

const MB = 1024 * 1024;

export type InputFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

export interface PictureHeader {
  format: InputFormat;
  width: number;
  height: number;
  /** Samples per pixel as libvips decodes them (alpha included). */
  channels: number;
  bitDepth: number;
  /** JPEG: progressive (libjpeg keeps every coefficient of the whole picture). PNG: Adam7 interlaced (decoded whole). */
  whole: boolean;
  /** HEIF only: the primary picture's codec, as libheif reads it from the file's boxes. */
  heif?: { codec: 'av1' | 'hevc' };
}

function jpegHeader(bytes: Buffer): PictureHeader | undefined {
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // Start of frame: any SOFn but DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        format: 'jpeg',
        bitDepth: bytes[at + 4]!,
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
        channels: bytes[at + 9]!,
        whole: marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce,
      };
    }
    if (marker === 0xda) return undefined;
    at += 2 + length;
  }
  return undefined;
}

function pngHeader(bytes: Buffer): PictureHeader | undefined {
  if (bytes.length < 29 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const colourType = bytes[25]!;
  const hasTransparency = bytes.includes('tRNS', 33, 'latin1');
  const channels = { 0: 1, 2: 3, 3: hasTransparency ? 4 : 3, 4: 2, 6: 4 }[colourType] ?? 4;
  return {
    format: 'png',
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    // A palette's indices become 8-bit colours.
    bitDepth: colourType === 3 ? 8 : Math.max(8, bytes[24]!),
    channels,
    whole: bytes[28] === 1,
  };
}

function webpHeader(bytes: Buffer): PictureHeader | undefined {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30)
    return {
      format: 'webp',
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
      bitDepth: 8,
      channels: 4,
      whole: true,
    };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return {
      format: 'webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >> 14) & 0x3fff) + 1,
      bitDepth: 8,
      channels: 4,
      whole: true,
    };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30)
    return {
      format: 'webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
      bitDepth: 8,
      channels: 3,
      whole: true,
    };
  return undefined;
}

/**
 * A HEIF's header as libheif reads it from the file's boxes (sharp's metadata: no pixel is decoded): size after
 * the file's rotation, bit depth, alpha and codec. undefined for a codec no decoder here has.
 */
async function heifHeader(bytes: Buffer): Promise<PictureHeader | undefined> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return undefined;
  }
  const codec = meta.compression;
  if (meta.format !== 'heif' || !meta.width || !meta.height || (codec !== 'av1' && codec !== 'hevc')) return undefined;
  return {
    format: 'heif',
    width: meta.autoOrient?.width ?? meta.width,
    height: meta.autoOrient?.height ?? meta.height,
    bitDepth: meta.bitsPerSample ?? 8,
    channels: meta.hasAlpha ? 4 : 3,
    whole: true,
    heif: { codec },
  };
}

/** The header of an original the pipeline decodes (by its first bytes, never its name), or undefined. */
export async function readPictureHeader(bytes: Buffer): Promise<PictureHeader | undefined> {
  if (bytes.length < 12) return undefined;
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegHeader(bytes);
  if (bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return pngHeader(bytes);
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')
    // libvips decodes the first frame only, as RGBA, on a canvas of the logical screen's size.
    return {
      format: 'gif',
      width: bytes.readUInt16LE(6),
      height: bytes.readUInt16LE(8),
      bitDepth: 8,
      channels: 4,
      whole: true,
    };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return webpHeader(bytes);
  if (ascii(4, 8) === 'ftyp' && /^(?:avif|avis|mif1|msf1|heic|heix)$/.test(ascii(8, 12))) return heifHeader(bytes);
  return undefined;
}

/** What one transform around the decode costs whatever the picture: libvips' buffers and threads' stacks. */
const TRANSFORM_BASE = 2 * MB;
/** Encoding, by output pixel: AVIF (libaom, 4:2:0, effort 4: 640 px +22 MB, 1080 +40, 1600 +67) costs a base and 32 B/px. */
const ENCODE = {
  avif: { base: 12 * MB, perPixel: 32 },
  webp: { base: 0, perPixel: 6 },
  jpeg: { base: 0, perPixel: 5 },
} satisfies Record<VariantFormat, { base: number; perPixel: number }>;

/** JPEG and WebP decode at 1/2, 1/4 or 1/8 of their size when the variant is that much smaller (libvips' shrink-on-load). */
function shrinkOnLoad(header: PictureHeader, width: number): number {
  if (header.format !== 'jpeg' && header.format !== 'webp') return 1;
  let shrink = 1;
  while (shrink < 8 && header.width / (shrink * 2) >= width) shrink *= 2;
  return shrink;
}

/** Bytes decoding `header` for a variant `width` wide holds at its peak (pixels, not the original's bytes). */
export function decodeBytes(header: PictureHeader, width: number): number {
  const pixels = header.width * header.height;
  const sampleBytes = header.bitDepth > 8 ? 2 : 1;
  const shrink = shrinkOnLoad(header, width);
  const decoded = (pixels / (shrink * shrink)) * header.channels * sampleBytes;
  switch (header.format) {
    case 'jpeg':
      // Baseline streams (12 MP to 640 px +1.5 MB, to 1920 px +23 with the encode); progressive keeps every
      // coefficient, two bytes a sample at full size (12 MP 4:2:0 to 640 px +40 MB).
      return decoded + (header.whole ? pixels * 1.5 * 2 : 0);
    case 'png':
      // Read in rows, but libvips' reduce holds about half the picture's samples (12 MP 8-bit RGB to 640 px +20 MB,
      // 16-bit 4096² +44); Adam7 is decoded whole.
      return header.whole ? decoded * 1.5 : decoded * 0.6;
    case 'webp':
    case 'gif':
      return decoded * 1.25;
    case 'heif':
      // Never decoded here (planDecode): its decoder tool's largest.
      return TOOLS.libheif.base + TOOLS.libheif.deep[0] * pixels;
  }
}

/** The variant's size: at most `width` wide, never enlarged, the original's shape. */
export function outputSize(
  header: Pick<PictureHeader, 'width' | 'height'>,
  width: number,
): { width: number; height: number } {
  const w = Math.min(width, header.width);
  return { width: w, height: Math.max(1, Math.round((header.height * w) / header.width)) };
}

export function encodeBytes(format: VariantFormat, size: { width: number; height: number }): number {
  return ENCODE[format].base + ENCODE[format].perPixel * size.width * size.height;
}

/** The memory one in-process transform of this original to this variant holds at its peak. */
export function transformBytes(header: PictureHeader, want: { width: number; format: VariantFormat }): number {
  return Math.ceil(
    TRANSFORM_BASE + decodeBytes(header, want.width) + encodeBytes(want.format, outputSize(header, want.width)),
  );
}

/**
 * An AVIF this wide of a photograph (4:3; its decode from an ordinary original, about 8 MB at most) costs this
 * much to make: over the decode share it is never made (at 256 MB: widths up to 1600 px are).
 */
export function avifBytes(width: number): number {
  return TRANSFORM_BASE + 8 * MB + encodeBytes('avif', { width, height: Math.round((width * 3) / 4) });
}

/** A heavy original is decoded once into an intermediate that fits this square (the widest variant made). */
export const INTERMEDIATE_SIZE = 1920;
/** Above this (decoding for the intermediate's size), an original is heavy: decoded once, never per variant. */
export const HEAVY_DECODE_BYTES = 16 * MB;

/**
 * A decoder tool's peak RSS (its code, the decoded planes and the RGB it writes from) per pixel of the original,
 * measured on 12 MP pictures (docs/pictures.md, "The decoder"): avifdec 4.9 B/px for 8-bit 4:2:0, 6.4 for 4:4:4
 * and for 10-bit 4:2:0, 6.7 for a grid, 7.3 with alpha (written as PNG), 9.4 for 10-bit 4:4:4; heif-convert (HEVC)
 * 4.3 for 8-bit 4:2:0, 6.4 for 4:4:4, 15 for 10-bit (its address space 23 B/px). A file's header names its bit depth
 * and alpha but not its chroma, so a tool is admitted for the leanest flavour it may be first and, each time it fails
 * under that limit, for the next (while it fits the share): a larger flavour fails at its first large allocation.
 */
const TOOLS = {
  libavif: { base: 8 * MB, steps: [5.2, 6.8, 10], alpha: [8, 10], deep: [6.8, 10] },
  libheif: { base: 8 * MB, steps: [4.6, 6.8, 19], alpha: [8, 19], deep: [19] },
} as const;

export type DecodePlan =
  /** Decoded in this process for each variant, holding `bytes`. */
  | { kind: 'here'; bytes: number }
  /** Decoded once into an intermediate here (a 16-bit PNG, a progressive JPEG), holding `bytes`. */
  | { kind: 'intermediate'; decoder: undefined; bytes: number }
  /**
   * Decoded once by a decoder tool in a process of its own, admitted for `attempts` bytes in turn (the second
   * only after the first failed under its limit), then made into the intermediate here, holding `bytes`.
   */
  | { kind: 'intermediate'; decoder: HeavyDecoder; attempts: number[]; bytes: number };

/** A heavy original's plan: decoded once into an intermediate, by libvips here or by a decoder tool. */
export type HeavyPlan = Extract<DecodePlan, { kind: 'intermediate' }>;

/** The memory a tool is admitted for, in turn: for its leanest flavour first, then larger ones. */
export function toolAttempts(header: PictureHeader, decoder: HeavyDecoder): number[] {
  const tool = TOOLS[decoder];
  const steps = header.channels === 4 ? tool.alpha : header.bitDepth > 8 ? tool.deep : tool.steps;
  return steps.map((perPixel) => Math.ceil(tool.base + perPixel * header.width * header.height));
}

/**
 * How an original is decoded: HEIF once, by a decoder tool in a process of its own (libavif for AV1, libheif for
 * HEVC: neither decoder runs in this process), into an intermediate; any other original once into an intermediate
 * here when decoding it is heavy (a 16-bit PNG, a progressive 12 MP JPEG), else here for each variant.
 */
export function planDecode(header: PictureHeader, want: { width: number; format: VariantFormat }): DecodePlan {
  const box = { width: INTERMEDIATE_SIZE, height: INTERMEDIATE_SIZE };
  const intermediate = encodeBytes('jpeg', box);
  if (header.heif) {
    const decoder = header.heif.codec === 'av1' ? 'libavif' : 'libheif';
    // The tool's file is read here into the intermediate: a full-size JPEG (PNG with alpha) of the same size.
    const decoded: PictureHeader = {
      ...header,
      format: header.channels === 4 ? 'png' : 'jpeg',
      bitDepth: 8,
      whole: false,
    };
    return {
      kind: 'intermediate',
      decoder,
      attempts: toolAttempts(header, decoder),
      bytes: Math.ceil(TRANSFORM_BASE + decodeBytes(decoded, INTERMEDIATE_SIZE) + intermediate),
    };
  }
  if (decodeBytes(header, INTERMEDIATE_SIZE) > HEAVY_DECODE_BYTES)
    return {
      kind: 'intermediate',
      decoder: undefined,
      bytes: Math.ceil(TRANSFORM_BASE + decodeBytes(header, INTERMEDIATE_SIZE) + intermediate),
    };
  return { kind: 'here', bytes: transformBytes(header, want) };
}
