import type { Logger } from 'pino';
import sharp from 'sharp';
import { SingleFlight } from '../store/singleFlight.js';
import { INTERMEDIATE_SIZE, type DecodePlan, type DecoderName, type PictureHeader } from './decodeCost.js';
import { DecodeTooLarge, type DecodeGate } from './decodeGate.js';
import { decodeInProcess, DecoderFailed } from './heavyDecode.js';
import type { ImageMetrics } from './imageMetrics.js';
import { CONTENT_TYPES } from './outputFormat.js';
import { etagOf, UnusablePicture, type MadeVariant } from './transformPicture.js';
import type { ProcessTier } from '../store/tiers.js';
import type { RedisVariantStore } from './variantStores.js';

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
      local: ProcessTier<MadeVariant>;
      shared: RedisVariantStore | undefined;
      metrics: ImageMetrics;
      logger: Logger;
      deadlineMs: number;
      ttlMs: number;
    },
  ) {}

  private write(key: string, entry: MadeVariant, ttlMs: number): void {
    const write = this.options.shared?.set(key, entry, ttlMs);
    if (!write) return;
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }

  /** Resolves once every Redis write under way has landed (tests, benches). */
  async settled(): Promise<void> {
    while (this.writes.size > 0) await Promise.all(this.writes);
  }

  /** Whether this process knows the original failed (checked before fetching it again). */
  failedHere(key: string): boolean {
    return this.options.local.get(failedKey(key)) !== undefined;
  }

  /** The original's intermediate, made now if no one has it; UnusablePicture when it cannot be or failed before. */
  async intermediate(key: string, original: Buffer, header: PictureHeader, plan: DecodePlan): Promise<MadeVariant> {
    const kept = this.options.local.get(intermediateKey(key));
    if (kept) return kept;
    return this.flights.join(key, () => this.findOrMake(key, original, header, plan));
  }

  private async findOrMake(
    key: string,
    original: Buffer,
    header: PictureHeader,
    plan: DecodePlan,
  ): Promise<MadeVariant> {
    const { local, shared, metrics } = this.options;
    const [made, failed] = await Promise.all([shared?.get(intermediateKey(key)), shared?.get(failedKey(key))]);
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
      const intermediate = await this.options.gate.run(plan.bytes, () =>
        decoder ? this.decodeElsewhere(original, decoder) : this.decodeHere(original, header),
      );
      metrics.heavyDecoded(decoder ?? 'here', 'ok', (performance.now() - started) / 1000);
      local.set(intermediateKey(key), intermediate, this.options.ttlMs);
      this.write(intermediateKey(key), intermediate, this.options.ttlMs);
      return intermediate;
    } catch (err) {
      const outcome =
        err instanceof DecoderFailed ? err.reason : err instanceof DecodeTooLarge ? 'too_large' : 'failed';
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

  private async decodeElsewhere(original: Buffer, decoder: DecoderName): Promise<MadeVariant> {
    const made = await decodeInProcess(
      original,
      { decoder, maxWidth: INTERMEDIATE_SIZE, quality: INTERMEDIATE_QUALITY },
      this.options.deadlineMs,
    );
    this.options.logger.info(
      { decoder, width: made.width, height: made.height, peakRssMb: Math.round(made.peakRssBytes / 2 ** 20) },
      'pictures: a heavy original decoded in a decode process',
    );
    return asVariant(made.body, made.width, made.height);
  }

  /** A heavy original libvips decodes well enough here (a 16-bit PNG, a progressive JPEG): once, within the gate. */
  private async decodeHere(original: Buffer, header: PictureHeader): Promise<MadeVariant> {
    // Transparency stays (WebP); a JPEG otherwise.
    const alpha = header.channels === 2 || header.channels === 4;
    try {
      const image = sharp(original, { failOn: 'error', sequentialRead: true })
        .rotate()
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
