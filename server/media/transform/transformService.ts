import type { Logger } from 'pino';
import sharp from 'sharp';
import {
  avifBytes,
  planDecode,
  readPictureHeader,
  transformBytes,
  type DecodePlan,
  type HeavyPlan,
  type PictureHeader,
} from './decodeCost.js';
import { DecodeTooLarge, type DecodeGate } from './decodeGate.js';
import { libvipsDecoder, toolDecoder, type Decoder } from './decoders.js';
import type { TransformEvents } from './transformEvents.js';
import { madeVariant, transformPicture, UnusablePicture, type MadeVariant } from './transformPicture.js';
import type { VariantFormat } from './variantFormat.js';

/** A variant as the transform service is asked for it: no URL, no client, no cache. */
export interface VariantSpec {
  width: number;
  quality: number;
  format: VariantFormat;
}

/** The stand-in's colour: the page's light grey, as a picture's box looks before it loads. */
const STAND_IN_COLOUR = '#e5e7eb';

/**
 * The picture room's transform service, like Astro's image service: original bytes in, a variant's bytes out. It
 * knows no URL, request, client, queue or store (server/media/ around it does); every decode it runs is admitted by
 * its memory at the one decode gate, and a heavy original is decoded by one of the decoders behind it (libvips here,
 * or a decoder tool in a process of its own under kernel limits).
 */
export interface TransformService {
  /** The original's header (by its first bytes, never a name) and how it is decoded; UnusablePicture for what never is. */
  plan(original: Buffer, want: Omit<VariantSpec, 'quality'>): Promise<{ header: PictureHeader; plan: DecodePlan }>;
  /** One variant of an original or an intermediate, within the gate (for `bytes`, else the estimate from its header). */
  variant(input: Buffer, want: VariantSpec, bytes?: number): Promise<MadeVariant>;
  /** A heavy original decoded once into its intermediate, by the decoder its plan names. */
  intermediate(original: Buffer, header: PictureHeader, plan: HeavyPlan): Promise<MadeVariant>;
  /** A plain light-grey picture of a size: what a shopper is shown while the real one is still being made. */
  standIn(size: { width: number; height: number }, format: Exclude<VariantFormat, 'avif'>): Promise<MadeVariant>;
  /** Whether an AVIF this wide can ever be made within the decode share. */
  avifFits(width: number): boolean;
}

export function createTransformService(options: {
  gate: DecodeGate;
  events: TransformEvents;
  logger: Logger;
  maxInputPixels: number;
  avifEffort: number;
  /** A decoder tool is killed after this long of wall clock (IMAGE_DECODE_TIMEOUT_MS). */
  decodeDeadlineMs: number;
}): TransformService {
  const { gate, events, maxInputPixels, avifEffort } = options;
  const here = libvipsDecoder(gate);
  const tools: Decoder = toolDecoder({ ...options, deadlineMs: options.decodeDeadlineMs });
  return {
    async plan(original, want) {
      const header = await readPictureHeader(original);
      if (!header) throw new UnusablePicture('type', 'not a picture of a type sized here');
      // The hard ceiling, whatever the memory: IMAGE_MAX_INPUT_PIXELS, before any pixel is decoded.
      if (header.width * header.height > maxInputPixels)
        throw new UnusablePicture('pixels', `${header.width}×${header.height} is over the pixel limit`);
      return { header, plan: planDecode(header, want) };
    },
    async variant(input, want, bytes) {
      // Given its bytes, the input's header was read by plan() (or it is an intermediate made here).
      const header = bytes === undefined ? await readPictureHeader(input) : undefined;
      if (bytes === undefined && !header) throw new UnusablePicture('type', 'not a picture of a type sized here');
      const need = bytes ?? transformBytes(header!, want);
      const started = performance.now();
      try {
        const made = await gate.run(need, () =>
          transformPicture(input, want, { maxPixels: maxInputPixels, avifEffort }),
        );
        events.transformed(want.format, 'ok', (performance.now() - started) / 1000);
        return made;
      } catch (err) {
        events.transformed(want.format, 'failed', (performance.now() - started) / 1000);
        if (!(err instanceof DecodeTooLarge)) throw err;
        events.decodeRefused('over_share');
        throw new UnusablePicture('memory', err.message);
      }
    },
    intermediate: (original, header, plan) => (plan.decoder ? tools : here).decode(original, header, plan),
    async standIn(size, format) {
      const plain = sharp({ create: { ...size, channels: 3, background: STAND_IN_COLOUR } });
      const body = await (format === 'webp' ? plain.webp() : plain.jpeg()).toBuffer();
      return madeVariant(body, size, format);
    },
    avifFits: (width) => gate.fits(avifBytes(width)),
  };
}
