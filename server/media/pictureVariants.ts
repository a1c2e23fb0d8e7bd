import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { SingleFlight } from '../store/singleFlight.js';
import { InFlightRefused } from '../http/clientLimits.js';
import type { StoreBudget } from '../store/storeBudgets.js';
import type { MediaClient } from '../upstream/mediaClient.js';
import { avifBytes, planDecode, readPictureHeader, transformBytes } from './decodeCost.js';
import { DecodeTooLarge, type DecodeGate } from './decodeGate.js';
import type { HeavyOriginals } from './heavyOriginals.js';
import type { ImageMetrics, VariantResult } from './imageMetrics.js';
import type { OutputFormat } from './outputFormat.js';
import { transformPicture, UnusablePicture, type MadeVariant } from './transformPicture.js';
import { TransformQueueFull, type TransformQueue } from './transformQueue.js';
import type { ProcessTier } from '../store/tiers.js';
import type { RedisVariantStore } from './variantStores.js';
import { mediaSourceOf, type VariantRequest } from './variantRequest.js';

/** Bumped when a change to the transform changes its output: stored variants of the old one are never served (2: AVIF 4:2:0). */
const PIPELINE_REVISION = 2;
/** A variant of an unversioned URL may change with its original: kept this long at most. */
const UNVERSIONED_TTL_MS = 60 * 60 * 1000;

/** The media service has no such file (404, 410): answered as it answered. */
export class OriginalMissing extends Error {
  constructor(readonly statusCode: number) {
    super(`the media service answered ${statusCode}`);
    this.name = 'OriginalMissing';
  }
}

export interface VariantOutcome {
  variant: MadeVariant;
  result: VariantResult;
}

/** Who asks: their budget pays for what is kept, their request id goes upstream. */
export interface Asker {
  client: string;
  requestId: string;
  /**
   * Counts the asking request against its client's in-flight cap (server/http/clientLimits.ts), called
   * only when this asker starts a transform: a variant found, or joined while another makes it, costs nothing.
   */
  claim?: () => Promise<void>;
}

/**
 * Each variant made once: this process's copy, else Redis' (another replica made it), else one
 * transform however many ask at once (single flight), run through the fair transform queue and kept
 * (here and in Redis) only when the asking client's byte budget admits it. AVIFs, too slow for a shopper
 * who waits, are made in the background, as the page cache makes its brotli 11: each is a background job
 * of the client who asked, in the same queue, behind that client's own WebPs and in turn with every other
 * client's, so a flood delays them by its share and never keeps everyone on stand-ins.
 */
export class PictureVariants {
  /** Transforms under way, and whose: a refusal (queue place, in-flight cap) is that client's alone. */
  private readonly flights = new SingleFlight<VariantOutcome, { client: string }>();
  /** AVIFs waiting or being made in the background, by key. */
  private readonly avifs = new SingleFlight<void>();
  /** Lets the AVIFs still waiting go when the process stops (one listener each: as many as the background line holds). */
  private readonly stopping = new AbortController();
  /** Redis writes under way: the answer does not wait for them. */
  private readonly writes = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly options: {
      media: MediaClient;
      local: ProcessTier<MadeVariant>;
      shared: RedisVariantStore | undefined;
      queue: TransformQueue;
      /** Every decode's memory (server/media/decodeGate.ts). */
      gate: DecodeGate;
      heavy: HeavyOriginals;
      budget: StoreBudget;
      metrics: ImageMetrics;
      logger: Logger;
      maxInputBytes: number;
      maxInputPixels: number;
      avifEffort: number;
      ttlMs: number;
    },
  ) {
    setMaxListeners(0, this.stopping.signal);
  }

  keyOf(variant: VariantRequest, format: OutputFormat): string {
    return `r${PIPELINE_REVISION}|${variant.path}|${variant.width}|${variant.quality}|${variant.version ?? ''}|${format}`;
  }

  /** The variant this process holds under a key (`keyOf`), if it still does. */
  held(key: string): MadeVariant | undefined {
    return this.options.local.get(key);
  }

  /** Whether an AVIF this wide can ever be made within the decode share (else the quick format is the answer). */
  avifFits(width: number): boolean {
    return this.options.gate.fits(avifBytes(width));
  }

  /** A variant already made (here or by another replica), without making it. */
  async find(variant: VariantRequest, format: OutputFormat): Promise<VariantOutcome | undefined> {
    const key = this.keyOf(variant, format);
    const local = this.options.local.get(key);
    if (local) return { variant: local, result: 'hit' };
    const shared = await this.options.shared?.get(key);
    if (!shared) return undefined;
    this.options.local.set(key, shared, this.ttlOf(variant));
    return { variant: shared, result: 'shared' };
  }

  /**
   * The variant, made now if no one has it; everyone asking meanwhile waits for the one transform. A
   * transform refused for its client's sake (no place for that client, its in-flight cap) is not the
   * others' refusal: each of them asks again for itself.
   */
  get(variant: VariantRequest, format: OutputFormat, asker: Asker, again = false): Promise<VariantOutcome> {
    const key = this.keyOf(variant, format);
    const local = this.options.local.get(key);
    if (local) return Promise.resolve({ variant: local, result: 'hit' });
    const running = this.flights.of(key);
    if (running)
      return running.client === asker.client || again
        ? running.promise
        : running.promise.catch((err: unknown) => {
            if (err instanceof TransformQueueFull || err instanceof InFlightRefused)
              return this.get(variant, format, asker, true);
            throw err;
          });
    return this.flights.start(key, this.findOrMake(variant, format, asker), { client: asker.client });
  }

  private async findOrMake(variant: VariantRequest, format: OutputFormat, asker: Asker): Promise<VariantOutcome> {
    const found = await this.find(variant, format);
    if (found) return found;
    await asker.claim?.();
    const made = await this.options.queue.run(asker.client, () => this.make(variant, format, asker));
    const kept = await this.keep(variant, format, made, asker.client);
    return { variant: made, result: kept ? 'miss' : 'bypass' };
  }

  /**
   * Fetches the original and transforms it (inside a transform place: one original in memory per place), its
   * decode admitted by the memory it will take (the gate); a heavy original through its intermediate.
   */
  private async make(variant: VariantRequest, format: OutputFormat, asker: Asker): Promise<MadeVariant> {
    const { media, maxInputBytes, maxInputPixels, avifEffort, metrics, heavy, gate } = this.options;
    const originalKey = this.originalKeyOf(variant);
    if (heavy.failedHere(originalKey)) {
      metrics.decodeRefused('remembered');
      throw new UnusablePicture('decoder', 'its decode failed a short while ago');
    }
    // A made-up `v` costs the media service's cheap 404, never a transform.
    const original = await media.original(mediaSourceOf(variant.path, variant.version), maxInputBytes, {
      requestId: asker.requestId,
    });
    if (original.statusCode !== 200 || !original.bytes) throw new OriginalMissing(original.statusCode);
    const header = readPictureHeader(original.bytes);
    if (!header) throw new UnusablePicture('type', 'not a picture of a type sized here');
    // The hard ceiling, whatever the memory: IMAGE_MAX_INPUT_PIXELS, before any pixel is decoded.
    if (header.width * header.height > maxInputPixels)
      throw new UnusablePicture('pixels', `${header.width}×${header.height} is over the pixel limit`);
    const want = { width: variant.width, quality: variant.quality, format };
    const plan = planDecode(header, want, original.bytes.length);
    let input = original.bytes;
    let bytes = plan.bytes;
    if (plan.kind === 'intermediate') {
      const intermediate = await heavy.intermediate(originalKey, original.bytes, header, plan);
      input = intermediate.body;
      bytes = transformBytes(readPictureHeader(input)!, want);
    }
    const started = performance.now();
    try {
      const made = await gate.run(bytes, () =>
        transformPicture(input, want, { maxPixels: maxInputPixels, avifEffort }),
      );
      metrics.transformed(format, 'ok', (performance.now() - started) / 1000);
      return made;
    } catch (err) {
      metrics.transformed(format, 'failed', (performance.now() - started) / 1000);
      if (!(err instanceof DecodeTooLarge)) throw err;
      metrics.decodeRefused('over_share');
      throw new UnusablePicture('memory', err.message);
    }
  }

  /** An original (and its version): what its intermediate and a remembered failure are kept under. */
  private originalKeyOf(variant: VariantRequest): string {
    return `r${PIPELINE_REVISION}|${variant.path}|${variant.version ?? ''}`;
  }

  /** Kept here and (without holding the answer) in Redis when the client's byte budget admits it; served either way. */
  private async keep(
    variant: VariantRequest,
    format: OutputFormat,
    made: MadeVariant,
    client: string,
  ): Promise<boolean> {
    const key = this.keyOf(variant, format);
    if (!(await this.options.budget.admit(client, { valueBytes: made.body.length, keyBytes: key.length })))
      return false;
    const ttl = this.ttlOf(variant);
    this.options.local.set(key, made, ttl);
    const write = this.options.shared?.set(key, made, ttl);
    if (write) {
      this.writes.add(write);
      void write.finally(() => this.writes.delete(write));
    }
    return true;
  }

  private ttlOf(variant: VariantRequest): number {
    return variant.version ? this.options.ttlMs : Math.min(this.options.ttlMs, UNVERSIONED_TTL_MS);
  }

  /**
   * Makes the AVIF of a variant in the background, as a job of the client who asked, unless it is
   * waiting already. One the queue has no place for is dropped: the next request for it asks again.
   */
  avifLater(variant: VariantRequest, asker: Asker): void {
    const key = this.keyOf(variant, 'avif');
    if (this.closed || this.avifs.has(key)) return;
    const job = this.options.queue
      .run(
        asker.client,
        async () => {
          // Another replica may have made it meanwhile.
          if (await this.find(variant, 'avif')) return;
          const made = await this.make(variant, 'avif', asker);
          await this.keep(variant, 'avif', made, asker.client);
        },
        { background: true, signal: this.stopping.signal },
      )
      .catch((err: unknown) => {
        if (err instanceof TransformQueueFull || this.stopping.signal.aborted) return;
        this.options.logger.warn({ err, path: variant.path }, 'pictures: AVIF not made in the background');
      });
    void this.avifs.start(key, job);
  }

  /** Resolves once no AVIF is waiting or being made and every Redis write has landed (tests, benches). */
  async settled(): Promise<void> {
    while (this.avifs.size > 0 || this.writes.size > 0) await Promise.all([...this.avifs.running(), ...this.writes]);
    await this.options.heavy.settled();
  }

  /** No new background work; waits for the AVIF being made and the writes under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort(new Error('the picture pipeline is closing'));
    await this.settled();
  }
}
