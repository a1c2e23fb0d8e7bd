import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { SingleFlight } from '../store/singleFlight.js';
import { InFlightRefused } from '../http/clientLimits.js';
import type { MediaClient } from '../upstream/mediaClient.js';
import type { TieredStore } from '../store/tieredStore.js';
import type { HeavyOriginals } from './heavyOriginals.js';
import type { PictureMetrics, VariantResult } from './pictureMetrics.js';
import { outputSize } from './transform/decodeCost.js';
import { UnusablePicture, type MadeVariant } from './transform/transformPicture.js';
import type { VariantFormat } from './transform/variantFormat.js';
import type { TransformService } from './transform/transformService.js';
import { TransformQueueFull, type TransformQueue } from './transformQueue.js';
import type { ImageQuality, ImageWidth } from '../../contracts/imageVariants.js';

/** Bumped when a change to the transform changes its output: stored variants of the old one are never served (2: AVIF 4:2:0). */
const PIPELINE_REVISION = 2;
/** A variant of an unversioned URL may change with its original: kept this long at most. */
const UNVERSIONED_TTL_MS = 60 * 60 * 1000;

/** A variant a URL asks for (server/media/http/mediaUrl.ts reads it), as this room keeps and makes it. */
export interface VariantRequest {
  /** The original's path at the media service. */
  path: string;
  width: ImageWidth;
  quality: ImageQuality;
  /** The original's version when the URL names one: the variant never changes, and is kept for a year. */
  version: string | undefined;
}

/** The picture's version in its URL (`?v=3fa29c1e`): a content hash the media service's links carry. */
export const VERSION_PARAM = 'v';

/**
 * The file to ask the media service for: the path, and the version when the URL names one. The media
 * service answers 404 to a version that is not the file's, so a made-up `v` never gets today's bytes
 * kept for a year under its name, by the pipeline or by a browser or CDN in front of the relay.
 */
export function mediaSourceOf(path: string, version: string | undefined): string {
  return version ? `${path}?${VERSION_PARAM}=${version}` : path;
}

/** Heavy originals waiting for their decode at once, all clients together; past it a new one is refused (503) until one is made. */
const HEAVY_WAITING = 32;

type Size = { width: number; height: number };

/** A heavy original still being decoded after IMAGE_HEAVY_WAIT_MS: a stand-in of its size is sent, the real one made meanwhile. */
export class StillDecoding extends Error {
  constructor(readonly size: Size) {
    super('the original is still being decoded');
    this.name = 'StillDecoding';
  }
}

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
  /**
   * Variants of heavy pictures whose shoppers were sent a stand-in, still being made: kept once made (the next view
   * gets them), and joined meanwhile by whoever asks for the same, each within a bounded wait of their own.
   */
  private readonly late = new Map<string, { outcome: Promise<VariantOutcome>; size: Size }>();
  private closed = false;

  constructor(
    private readonly options: {
      media: MediaClient;
      /** This process's variants and every replica's, charged to the asking client's budget (createPictures.ts). */
      store: TieredStore<MadeVariant>;
      queue: TransformQueue;
      /** Original bytes in, a variant out, within the decode gate (server/media/transform/). */
      transforms: TransformService;
      heavy: HeavyOriginals;
      metrics: PictureMetrics;
      logger: Logger;
      maxInputBytes: number;
      ttlMs: number;
      /** How long a shopper waits for a heavy original's decode before a stand-in is sent (IMAGE_HEAVY_WAIT_MS). */
      heavyWaitMs: number;
    },
  ) {
    setMaxListeners(0, this.stopping.signal);
  }

  keyOf(variant: VariantRequest, format: VariantFormat): string {
    return `r${PIPELINE_REVISION}|${variant.path}|${variant.width}|${variant.quality}|${variant.version ?? ''}|${format}`;
  }

  /** The variant this process holds under a key (`keyOf`), if it still does. */
  held(key: string): MadeVariant | undefined {
    return this.options.store.here.get(key);
  }

  /** Whether an AVIF this wide can ever be made within the decode share (else the quick format is the answer). */
  avifFits(width: number): boolean {
    return this.options.transforms.avifFits(width);
  }

  /** A variant already made (here or by another replica), without making it. */
  async find(variant: VariantRequest, format: VariantFormat): Promise<VariantOutcome | undefined> {
    const key = this.keyOf(variant, format);
    const local = this.options.store.here.get(key);
    if (local) return { variant: local, result: 'hit' };
    const shared = await this.options.store.readShared(key);
    if (!shared) return undefined;
    this.options.store.here.set(key, shared, this.ttlOf(variant));
    return { variant: shared, result: 'shared' };
  }

  /**
   * The variant, made now if no one has it; everyone asking meanwhile waits for the one transform. A
   * transform refused for its client's sake (no place for that client, its in-flight cap) is not the
   * others' refusal: each of them asks again for itself.
   */
  get(variant: VariantRequest, format: VariantFormat, asker: Asker, again = false): Promise<VariantOutcome> {
    const key = this.keyOf(variant, format);
    const local = this.options.store.here.get(key);
    if (local) return Promise.resolve({ variant: local, result: 'hit' });
    const late = this.late.get(key);
    if (late) return withinMs(late.outcome, this.options.heavyWaitMs, late.size);
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

  private async findOrMake(variant: VariantRequest, format: VariantFormat, asker: Asker): Promise<VariantOutcome> {
    const found = await this.find(variant, format);
    if (found) return found;
    await asker.claim?.();
    const made = await this.made(variant, format, asker, { shopper: true });
    return this.kept(variant, format, made, asker.client);
  }

  private async kept(
    variant: VariantRequest,
    format: VariantFormat,
    made: MadeVariant,
    client: string,
  ): Promise<VariantOutcome> {
    const kept = await this.keep(variant, format, made, client);
    return { variant: made, result: kept ? 'miss' : 'bypass' };
  }

  /**
   * The variant made in the client's turns: its original fetched and (unless heavy) transformed in one transform place;
   * a heavy original's decode outside the places, admitted by its memory alone (as many at once as the gate admits),
   * then its variant made from the intermediate in a second turn. A shopper waits for a heavy picture's variant at
   * most IMAGE_HEAVY_WAIT_MS from the start, whatever takes the time (the decode, or the variant's wait for a place
   * or for memory behind a decoder, with the picture decoded here or in a decoder tool's process alike): then
   * StillDecoding, and the variant is made and kept for the next view. Both turns are in the lane `turns` names (a
   * background AVIF's are background turns: never a shopper place, never refused as a shopper's would be).
   */
  private async made(
    variant: VariantRequest,
    format: VariantFormat,
    asker: Asker,
    turns: { shopper?: boolean; background?: boolean; signal?: AbortSignal } = {},
  ): Promise<MadeVariant> {
    const { queue, heavyWaitMs } = this.options;
    const { shopper, ...lane } = turns;
    const started = performance.now();
    const first = await queue.run(asker.client, () => this.make(variant, format, asker), lane);
    if (!('heavy' in first)) return first;
    const made = first.heavy.then((intermediate) =>
      queue.run(asker.client, () => this.transform(intermediate.body, variant, format), lane),
    );
    if (!shopper) return made;
    const waitMs = Math.max(0, heavyWaitMs - (performance.now() - started));
    return withinMs(made, waitMs, first.size, () => this.finishLate(variant, format, made, first.size, asker.client));
  }

  /** A heavy picture's variant a shopper stopped waiting for: kept once made, joined by the next to ask meanwhile. */
  private finishLate(
    variant: VariantRequest,
    format: VariantFormat,
    made: Promise<MadeVariant>,
    size: Size,
    client: string,
  ): void {
    const key = this.keyOf(variant, format);
    const outcome = made.then((done) => this.kept(variant, format, done, client));
    this.late.set(key, { outcome, size });
    // Nobody may be waiting when it fails: a failed decode is remembered and logged by HeavyOriginals.
    void outcome.catch(() => undefined).finally(() => this.late.delete(key));
  }

  /**
   * Fetches the original and transforms it (inside a transform place: one original in memory per place), its
   * decode admitted by the memory it will take (the gate); a heavy original's intermediate is started (or joined)
   * and handed back, to be waited for outside the place.
   */
  private async make(
    variant: VariantRequest,
    format: VariantFormat,
    asker: Asker,
  ): Promise<MadeVariant | { heavy: Promise<MadeVariant>; size: Size }> {
    const { media, maxInputBytes, heavy, transforms } = this.options;
    const originalKey = this.originalKeyOf(variant);
    const made = heavy.made(originalKey);
    // Decoded already: its variant is made in the next turn, within the shopper's bounded wait.
    if (made) return { heavy: Promise.resolve(made), size: outputSize(made, variant.width) };
    if (heavy.failedHere(originalKey)) {
      this.options.metrics.decodeRefused('remembered');
      throw new UnusablePicture('decoder', 'its decode failed a short while ago');
    }
    // A made-up `v` costs the media service's cheap 404, never a transform.
    const original = await media.original(mediaSourceOf(variant.path, variant.version), maxInputBytes, {
      requestId: asker.requestId,
    });
    if (original.statusCode !== 200 || !original.bytes) throw new OriginalMissing(original.statusCode);
    const { header, plan } = await transforms.plan(original.bytes, { width: variant.width, format });
    if (plan.kind === 'here') return this.transform(original.bytes, variant, format, plan.bytes);
    if (!heavy.decoding(originalKey) && heavy.waiting >= HEAVY_WAITING)
      throw new TransformQueueFull(this.options.queue.retryAfterS);
    return {
      heavy: heavy.intermediate(originalKey, original.bytes, header, plan),
      size: outputSize(header, variant.width),
    };
  }

  /** One variant of `input`, made by the transform service within the gate. */
  private transform(
    input: Buffer,
    variant: VariantRequest,
    format: VariantFormat,
    bytes?: number,
  ): Promise<MadeVariant> {
    return this.options.transforms.variant(input, { width: variant.width, quality: variant.quality, format }, bytes);
  }

  /** An original (and its version): what its intermediate and a remembered failure are kept under. */
  private originalKeyOf(variant: VariantRequest): string {
    return `r${PIPELINE_REVISION}|${variant.path}|${variant.version ?? ''}`;
  }

  /** Kept here and (without holding the answer) in Redis when the client's byte budget admits it; served either way. */
  private async keep(
    variant: VariantRequest,
    format: VariantFormat,
    made: MadeVariant,
    client: string,
  ): Promise<boolean> {
    const key = this.keyOf(variant, format);
    if (!(await this.options.store.admit(key, made.body.length, { client }))) return false;
    const ttl = this.ttlOf(variant);
    this.options.store.here.set(key, made, ttl);
    const write = this.options.store.share(key, made, ttl);
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
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
    // Its turns are taken inside made(), never nested in a place of its own: a job holding a place while it waits
    // for another deadlocks once every place is held so.
    const job = (async () => {
      // Another replica may have made it meanwhile.
      if (await this.find(variant, 'avif')) return;
      const made = await this.made(variant, 'avif', asker, { background: true, signal: this.stopping.signal });
      await this.keep(variant, 'avif', made, asker.client);
    })().catch((err: unknown) => {
      if (err instanceof TransformQueueFull || this.stopping.signal.aborted) return;
      this.options.logger.warn({ err, path: variant.path }, 'pictures: AVIF not made in the background');
    });
    void this.avifs.start(key, job);
  }

  /** Resolves once no AVIF is waiting or being made and every Redis write has landed (tests, benches). */
  async settled(): Promise<void> {
    while (this.avifs.size > 0 || this.writes.size > 0 || this.late.size > 0)
      await Promise.allSettled([
        ...this.avifs.running(),
        ...this.writes,
        ...[...this.late.values()].map((late) => late.outcome),
      ]);
    await this.options.heavy.settled();
  }

  /** No new background work; waits for the AVIF being made and the writes under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort(new Error('the picture pipeline is closing'));
    await this.settled();
  }
}

/** `work`'s result, or StillDecoding after `ms` (the work goes on, its result kept for the next request). */
function withinMs<T>(work: Promise<T>, ms: number, size: Size, onLate?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate?.();
      reject(new StillDecoding(size));
    }, ms);
    timer.unref();
  });
  // Nobody may be waiting when it fails: its failure is remembered by HeavyOriginals and logged there.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
