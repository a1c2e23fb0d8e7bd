import type { Logger } from 'pino';
import sharp from 'sharp';
import { INTERMEDIATE_SIZE, type HeavyPlan, type PictureHeader } from './decodeCost.js';
import type { DecodeGate } from './decodeGate.js';
import { decodeWithTool, type DecodedFile } from './decodeProcess.js';
import { ToolFailed } from './lowPriorityTool.js';
import { madeVariant, UnusablePicture, type MadeVariant } from './transformPicture.js';
import type { TransformEvents } from './transformEvents.js';

/** The intermediate's JPEG quality: a little above the best variant's (90), so a variant of it loses nothing visible. */
const INTERMEDIATE_QUALITY = 92;

/**
 * Decodes a heavy original once into its intermediate: a JPEG (WebP with transparency) that fits INTERMEDIATE_SIZE
 * square, upright, in sRGB, without metadata, from which every variant is made as cheaply as from an ordinary photo.
 * Two implementations, chosen by the original's plan (server/media/transform/decodeCost.ts planDecode): libvips in
 * this process, and a decoder tool in a process of its own for HEIF.
 */
export interface Decoder {
  decode(original: Buffer, header: PictureHeader, plan: HeavyPlan): Promise<MadeVariant>;
}

/** A heavy original libvips decodes well enough here (a 16-bit PNG, a progressive 12 MP JPEG), within the gate. */
export function libvipsDecoder(gate: DecodeGate): Decoder {
  return { decode: (original, header, plan) => gate.run(plan.bytes, () => intermediateOf(original, header.channels)) };
}

/**
 * A HEIF by its decoder tool (server/media/transform/decodeProcess.ts), within the gate for the memory its process is
 * admitted for (a larger admission only after a smaller one failed under its kernel limit), then its full-size file
 * made into the intermediate here, within the gate again. A tool killed (the container's OOM killer in a busy moment,
 * say) or out of its deadline is started once more, behind the decodes waiting meanwhile: a picture is given up only
 * when it dies twice.
 */
export function toolDecoder(options: {
  gate: DecodeGate;
  events: TransformEvents;
  logger: Logger;
  deadlineMs: number;
  maxInputPixels: number;
}): Decoder {
  const { gate, events, logger, deadlineMs, maxInputPixels } = options;
  return {
    async decode(original, header, plan) {
      if (!plan.decoder) throw new Error('a decoder tool was asked for a picture libvips decodes');
      const { decoder, attempts } = plan;
      const alpha = header.channels === 4;
      let decoded: DecodedFile | undefined;
      let diedOnce = false;
      for (let i = 0; !decoded;) {
        const memoryBytes = attempts[i]!;
        const last = i === attempts.length - 1 || !gate.fits(attempts[i + 1]!);
        const started = performance.now();
        try {
          decoded = await gate.run(memoryBytes, () =>
            decodeWithTool(original, { decoder, alpha, memoryBytes, maxPixels: maxInputPixels }, deadlineMs),
          );
        } catch (err) {
          if (!(err instanceof ToolFailed)) throw err;
          if (err.reason !== 'failed' && !diedOnce) {
            diedOnce = true;
            events.heavyDecoded(decoder, err.reason, (performance.now() - started) / 1000);
            logger.warn(
              { decoder, memoryMb: Math.round(memoryBytes / 2 ** 20), outcome: err.reason, err: err.message },
              'pictures: a decoder tool died; decoding it once more',
            );
            continue;
          }
          if (last || err.reason !== 'failed') throw err;
          logger.info(
            { decoder, memoryMb: Math.round(memoryBytes / 2 ** 20), err: err.message },
            'pictures: a decoder tool failed under its memory limit; trying again with the next flavour’s',
          );
          i++;
        }
      }
      try {
        return await gate.run(plan.bytes, () => intermediateOf(decoded.path, header.channels, decoded.turn));
      } finally {
        await decoded.dispose();
      }
    },
  };
}

/**
 * An original (or a decoder tool's full-size file) made into the intermediate: upright (EXIF orientation, or a HEIF's
 * irot and imir that avifdec left), in sRGB (an ICC profile converted: a Display P3 photo keeps its colour), smaller.
 * Transparency stays (WebP); else JPEG.
 */
async function intermediateOf(
  original: Buffer | string,
  channels: number,
  turn: DecodedFile['turn'] = { rotation: 0, mirror: undefined },
): Promise<MadeVariant> {
  const alpha = channels === 2 || channels === 4;
  try {
    let image = sharp(original, { failOn: 'error', sequentialRead: true, limitInputPixels: false }).rotate();
    // sharp mirrors before it turns; the file asks for its turn first (HEIF: irot, then imir), so across an odd turn the axis swaps.
    const across = turn.rotation % 2 === 1;
    if (turn.mirror) image = (turn.mirror === 'vertical') !== across ? image.flip() : image.flop();
    if (turn.rotation) image = image.rotate((360 - 90 * turn.rotation) % 360);
    image = image
      .resize({ width: INTERMEDIATE_SIZE, height: INTERMEDIATE_SIZE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const { data, info } = await (
      alpha ? image.webp({ quality: INTERMEDIATE_QUALITY }) : image.jpeg({ quality: INTERMEDIATE_QUALITY })
    ).toBuffer({ resolveWithObject: true });
    return madeVariant(data, { width: info.width, height: info.height }, alpha ? 'webp' : 'jpeg');
  } catch (err) {
    throw new UnusablePicture('corrupt', `the picture could not be made: ${(err as Error).message}`);
  }
}
