import type { Logger } from 'pino';
import type { StoreBudget } from '../security/storeBudgets.js';
import type { MediaClient } from '../upstream/mediaClient.js';
import { avifBytes, planDecode, readPictureHeader, transformBytes } from './decodeCost.js';
import { DecodeTooLarge, type DecodeGate } from './decodeGate.js';
import type { HeavyOriginals } from './heavyOriginals.js';
import type { ImageMetrics, VariantResult } from './imageMetrics.js';
import type { OutputFormat } from './outputFormat.js';
import { transformPicture, UnusablePicture, type MadeVariant } from './transformPicture.js';
import type { TransformQueue } from './transformQueue.js';
import type { LocalVariantStore, RedisVariantStore } from './variantStores.js';
import { mediaSourceOf, type VariantRequest } from './variantRequest.js';

/** Bumped when a change to the transform changes its output: stored variants of the old one are never served (2: AVIF 4:2:0). */
const PIPELINE_REVISION = 2;
/** AVIFs waiting to be made in the background; more are not queued (the next request for one asks again). */
const AVIFS_WAITING = 64;
/** How often a waiting AVIF looks again for idle transform places. */
const AVIF_IDLE_CHECK_MS = 100;
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
}

/**
 * Each variant made once: this process's copy, else Redis' (another replica made it), else one
 * transform however many ask at once (single flight), run through the bounded transform queue and kept
 * (here and in Redis) only when the asking client's byte budget admits it. AVIFs, too slow for a shopper
 * who waits, are made here in the background one at a time, as the page cache makes its brotli 11, and
 * only while no shopper's transform runs or waits: on a busy process the cores go to the WebPs shoppers
 * wait for, and the AVIFs follow when it is quiet.
 */
export class PictureVariants {
  private readonly flights = new Map<string, Promise<VariantOutcome>>();
  private readonly avifQueue: { variant: VariantRequest; asker: Asker }[] = [];
  private readonly avifWaiting = new Set<string>();
  private avifRunning: Promise<void> | undefined;
  private avifTimer: NodeJS.Timeout | undefined;
  /** Redis writes under way: the answer does not wait for them. */
  private readonly writes = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly options: {
      media: MediaClient;
      local: LocalVariantStore;
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
      ttlMs: number;
    },
  ) {}

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

  /** The variant, made now if no one has it; everyone asking meanwhile waits for the one transform. */
  get(variant: VariantRequest, format: OutputFormat, asker: Asker): Promise<VariantOutcome> {
    const key = this.keyOf(variant, format);
    const local = this.options.local.get(key);
    if (local) return Promise.resolve({ variant: local, result: 'hit' });
    const running = this.flights.get(key);
    if (running) return running;
    const flight = this.findOrMake(variant, format, asker).finally(() => this.flights.delete(key));
    this.flights.set(key, flight);
    return flight;
  }

  private async findOrMake(variant: VariantRequest, format: OutputFormat, asker: Asker): Promise<VariantOutcome> {
    const found = await this.find(variant, format);
    if (found) return found;
    const made = await this.options.queue.run(asker.client, () => this.make(variant, format, asker));
    const kept = await this.keep(variant, format, made, asker.client);
    return { variant: made, result: kept ? 'miss' : 'bypass' };
  }

  /**
   * Fetches the original and transforms it (inside a transform place: one original in memory per place), its
   * decode admitted by the memory it will take (the gate); a heavy original through its intermediate.
   */
  private async make(variant: VariantRequest, format: OutputFormat, asker: Asker): Promise<MadeVariant> {
    const { media, maxInputBytes, maxInputPixels, metrics, heavy, gate } = this.options;
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
      const made = await gate.run(bytes, () => transformPicture(input, want, { maxPixels: maxInputPixels }));
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
    if (!(await this.options.budget.admit(client, made.body.length))) return false;
    const key = this.keyOf(variant, format);
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

  /** Makes the AVIF of a variant in the background, unless it is waiting already or the queue is full. */
  avifLater(variant: VariantRequest, asker: Asker): void {
    const key = this.keyOf(variant, 'avif');
    if (this.closed || this.avifWaiting.has(key) || this.avifWaiting.size >= AVIFS_WAITING) return;
    this.avifWaiting.add(key);
    this.avifQueue.push({ variant, asker });
    this.nextAvif();
  }

  private nextAvif(): void {
    if (this.avifRunning || this.avifTimer || this.closed || this.avifQueue.length === 0) return;
    const { running, waiting } = this.options.queue.stats;
    if (running > 0 || waiting > 0) {
      this.avifTimer = setTimeout(() => {
        this.avifTimer = undefined;
        this.nextAvif();
      }, AVIF_IDLE_CHECK_MS);
      this.avifTimer.unref();
      return;
    }
    const job = this.avifQueue.shift();
    if (!job) return;
    const key = this.keyOf(job.variant, 'avif');
    this.avifRunning = (async () => {
      // Another replica may have made it meanwhile.
      if (await this.find(job.variant, 'avif')) return;
      const made = await this.make(job.variant, 'avif', job.asker);
      await this.keep(job.variant, 'avif', made, job.asker.client);
    })()
      .catch((err: unknown) =>
        this.options.logger.warn({ err, path: job.variant.path }, 'pictures: AVIF not made in the background'),
      )
      .finally(() => {
        this.avifWaiting.delete(key);
        this.avifRunning = undefined;
        this.nextAvif();
      });
  }

  get avifsWaiting(): number {
    return this.avifWaiting.size;
  }

  /** Resolves once no AVIF is waiting or being made and every Redis write has landed (tests, benches). */
  async settled(): Promise<void> {
    while (this.avifRunning || this.writes.size > 0 || (this.avifQueue.length > 0 && !this.closed)) {
      await Promise.all([this.avifRunning, ...this.writes, new Promise((resolve) => setTimeout(resolve, 10))]);
    }
    await this.options.heavy.settled();
  }

  /** No new background work; waits for the AVIF being made and the writes under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.avifQueue.length = 0;
    clearTimeout(this.avifTimer);
    await this.settled();
  }
}
