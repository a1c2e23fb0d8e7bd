import type { Logger } from 'pino';
import sharp from 'sharp';
import { SingleFlight } from '../store/singleFlight.js';
import { INTERMEDIATE_SIZE, type DecodePlan, type PictureHeader } from './decodeCost.js';
import { DecodeTooLarge, type DecodeGate } from './decodeGate.js';
import { decodeWithTool, type DecodedFile, type HeavyDecoder } from './heavyDecode.js';
import type { ImageMetrics } from './imageMetrics.js';
import { ToolFailed } from './lowPriorityTool.js';
import { CONTENT_TYPES } from './outputFormat.js';
import { etagOf, UnusablePicture, type MadeVariant } from './transformPicture.js';
import type { TieredStore } from '../store/tieredStore.js';

/** The intermediate's JPEG quality: a little above the best variant's (90), so a variant of it loses nothing visible. */
const INTERMEDIATE_QUALITY = 92;
/**
 * A heavy original that failed (its decoder died, ran out of its deadline, or it can never fit the decode
 * share) is answered 502 for this long without being decoded again, by every replica: nginx retries a failed
 * GET on the next replica, and a picture must not walk through them.
 */
export const FAILED_TTL_MS = 10 * 60 * 1000;
/**
 * A decode process that was killed (the OOM killer, a crash) or ran out of its deadline may have met a busy
 * moment, not a bad picture: remembered only this long, which still stops the walk through the replicas, and
 * costs at most one decode process a minute per replica if the picture itself is what kills it.
 */
export const DIED_TTL_MS = 60 * 1000;

/**
 * Heavy originals (every HEIF/AVIF, and any other whose decode is heavy: server/media/decodeCost.ts planDecode)
 * decoded once into a normalised intermediate: a JPEG that fits INTERMEDIATE_SIZE square, upright, without
 * metadata, kept where the variants are (this process, Redis), from which every variant is made as cheaply as
 * from an ordinary photo. One decode however many variants ask at once (single flight); what failed is
 * remembered (FAILED_TTL_MS, DIED_TTL_MS) here and in Redis. How many intermediates there can be is bounded by the media
 * service's pictures (a made-up path or version is its 404 before anything is decoded), not by a client.
 */
export class HeavyOriginals {
  private readonly flights = new SingleFlight<MadeVariant>();
  /** Redis writes under way: the answer does not wait for them. */
  private readonly writes = new Set<Promise<unknown>>();

  constructor(
    private readonly options: {
      gate: DecodeGate;
      /** This process's variants and every replica's (createPictures.ts). */
      store: TieredStore<MadeVariant>;
      metrics: ImageMetrics;
      logger: Logger;
      deadlineMs: number;
      ttlMs: number;
      maxInputPixels: number;
    },
  ) {}

  private write(key: string, entry: MadeVariant, ttlMs: number): void {
    const write = this.options.store.share(key, entry, ttlMs);
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }

  /** Resolves once no decode is under way and every Redis write has landed (tests, benches). */
  async settled(): Promise<void> {
    while (this.flights.size > 0 || this.writes.size > 0)
      await Promise.allSettled([...this.flights.running(), ...this.writes]);
  }

  /** The original's intermediate when this process holds it (no fetch needed). */
  made(key: string): MadeVariant | undefined {
    return this.options.store.here.get(intermediateKey(key));
  }

  /** Whether the original's intermediate is being made now. */
  decoding(key: string): boolean {
    return this.flights.has(key);
  }

  /** Originals being decoded or waiting for the gate, all together. */
  get waiting(): number {
    return this.flights.size;
  }

  /** Whether this process knows the original failed (checked before fetching it again). */
  failedHere(key: string): boolean {
    return this.options.store.here.get(failedKey(key)) !== undefined;
  }

  /** The original's intermediate, made now if no one has it; UnusablePicture when it cannot be or failed before. */
  async intermediate(key: string, original: Buffer, header: PictureHeader, plan: DecodePlan): Promise<MadeVariant> {
    const kept = this.options.store.here.get(intermediateKey(key));
    if (kept) return kept;
    return this.flights.join(key, () => this.findOrMake(key, original, header, plan));
  }

  private async findOrMake(
    key: string,
    original: Buffer,
    header: PictureHeader,
    plan: DecodePlan,
  ): Promise<MadeVariant> {
    const { store, metrics } = this.options;
    const local = store.here;
    const [made, failed] = await Promise.all([
      store.readShared(intermediateKey(key)),
      store.readShared(failedKey(key)),
    ]);
    if (made) {
      local.set(intermediateKey(key), made, this.options.ttlMs);
      return made;
    }
    if (failed) {
      // Kept here as long as Redis keeps it at most: the time left is not known, the shorter bound is taken.
      local.set(failedKey(key), failed, DIED_TTL_MS);
      metrics.decodeRefused('remembered');
      throw new UnusablePicture('decoder', `it failed before: ${failed.body.toString()}`);
    }
    const decoder = plan.kind === 'intermediate' ? plan.decoder : undefined;
    const started = performance.now();
    try {
      const intermediate =
        plan.kind === 'intermediate' && plan.decoder
          ? await this.decodeElsewhere(original, header, plan.decoder, plan.attempts, plan.bytes)
          : await this.options.gate.run(plan.bytes, () => this.decodeHere(original, header.channels));
      metrics.heavyDecoded(decoder ?? 'here', 'ok', (performance.now() - started) / 1000);
      local.set(intermediateKey(key), intermediate, this.options.ttlMs);
      this.write(intermediateKey(key), intermediate, this.options.ttlMs);
      return intermediate;
    } catch (err) {
      const outcome = err instanceof ToolFailed ? err.reason : err instanceof DecodeTooLarge ? 'too_large' : 'failed';
      metrics.heavyDecoded(decoder ?? 'here', outcome, (performance.now() - started) / 1000);
      if (err instanceof DecodeTooLarge) metrics.decodeRefused('over_share');
      const reason = (err as Error).message;
      this.options.logger.warn(
        { key, format: header.format, width: header.width, height: header.height, decoder, outcome, err: reason },
        'pictures: a heavy original could not be decoded; remembered as failed',
      );
      const marker = failureMarker(reason);
      const ttl = outcome === 'killed' || outcome === 'deadline' ? DIED_TTL_MS : FAILED_TTL_MS;
      local.set(failedKey(key), marker, ttl);
      this.write(failedKey(key), marker, ttl);
      if (err instanceof UnusablePicture) throw err;
      throw new UnusablePicture(err instanceof DecodeTooLarge ? 'memory' : 'decoder', reason);
    }
  }

  /**
   * A HEIF by its decoder tool (server/media/heavyDecode.ts), within the gate for the memory its process is
   * admitted for (a larger admission only after a smaller one failed under its kernel limit), then its full-size
   * file made into the intermediate here, within the gate again. A tool killed (the container's OOM killer in a
   * busy moment, say) or out of its deadline is started once more, behind the decodes waiting meanwhile: a picture
   * is given up (and remembered) only when it dies twice.
   */
  private async decodeElsewhere(
    original: Buffer,
    header: PictureHeader,
    decoder: HeavyDecoder,
    attempts: number[],
    intermediateBytes: number,
  ): Promise<MadeVariant> {
    const { gate, deadlineMs, maxInputPixels, logger, metrics } = this.options;
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
          metrics.heavyDecoded(decoder, err.reason, (performance.now() - started) / 1000);
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
      return await gate.run(intermediateBytes, () => this.decodeHere(decoded.path, header.channels, decoded.turn));
    } finally {
      await decoded.dispose();
    }
  }

  /**
   * An original libvips decodes well enough here (a 16-bit PNG, a progressive JPEG, a decoder tool's full-size
   * file), once, within the gate: upright (EXIF orientation, or a HEIF's irot and imir that avifdec left), in sRGB
   * (an ICC profile converted: a Display P3 photo keeps its colour), smaller. Transparency stays (WebP); else JPEG.
   */
  private async decodeHere(
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
      return asVariant(data, info.width, info.height, alpha ? 'webp' : 'jpeg');
    } catch (err) {
      throw new UnusablePicture('corrupt', `the picture could not be made: ${(err as Error).message}`);
    }
  }
}

const intermediateKey = (key: string) => `intermediate|${key}`;
const failedKey = (key: string) => `failed|${key}`;

function asVariant(body: Buffer, width: number, height: number, format: 'jpeg' | 'webp' = 'jpeg'): MadeVariant {
  return { body, contentType: CONTENT_TYPES[format], format, etag: etagOf(body), width, height };
}

/** What is remembered of a failure, in the variant stores as an empty picture (0 × 0) whose bytes say why. */
function failureMarker(reason: string): MadeVariant {
  const body = Buffer.from(reason.slice(0, 200));
  return { body, contentType: 'text/plain', format: 'jpeg', etag: '"failed"', width: 0, height: 0 };
}
