import type { Logger } from 'pino';
import { SingleFlight } from '../store/singleFlight.js';
import type { TieredStore } from '../store/tieredStore.js';
import type { PictureMetrics } from './pictureMetrics.js';
import type { HeavyPlan, PictureHeader } from './transform/decodeCost.js';
import { DecodeTooLarge } from './transform/decodeGate.js';
import { ToolFailed } from './transform/lowPriorityTool.js';
import { UnusablePicture, type MadeVariant } from './transform/transformPicture.js';
import type { TransformService } from './transform/transformService.js';
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
 * Heavy originals (every HEIF/AVIF, and any other whose decode is heavy: server/media/transform/decodeCost.ts
 * planDecode) decoded once by the transform service into a normalised intermediate, kept where the variants are (this process, Redis), from which every variant is made as cheaply as
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
      transforms: TransformService;
      /** This process's variants and every replica's (createPictures.ts). */
      store: TieredStore<MadeVariant>;
      metrics: PictureMetrics;
      logger: Logger;
      ttlMs: number;
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
  async intermediate(key: string, original: Buffer, header: PictureHeader, plan: HeavyPlan): Promise<MadeVariant> {
    const kept = this.options.store.here.get(intermediateKey(key));
    if (kept) return kept;
    return this.flights.join(key, () => this.findOrMake(key, original, header, plan));
  }

  private async findOrMake(
    key: string,
    original: Buffer,
    header: PictureHeader,
    plan: HeavyPlan,
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
    const { decoder } = plan;
    const started = performance.now();
    try {
      const intermediate = await this.options.transforms.intermediate(original, header, plan);
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
}

const intermediateKey = (key: string) => `intermediate|${key}`;
const failedKey = (key: string) => `failed|${key}`;

/** What is remembered of a failure, in the variant stores as an empty picture (0 × 0) whose bytes say why. */
function failureMarker(reason: string): MadeVariant {
  const body = Buffer.from(reason.slice(0, 200));
  return { body, contentType: 'text/plain', format: 'jpeg', etag: '"failed"', width: 0, height: 0 };
}
