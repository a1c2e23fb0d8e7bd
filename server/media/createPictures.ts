import { availableParallelism } from 'node:os';
import type { Router } from 'express';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { RedisConnection } from '../store/redisConnection.js';
import type { Config } from '../config.js';
import type { Lifecycle } from '../http/lifecycle.js';
import type { Metrics } from '../metrics.js';
import type { StoreBudget } from '../store/storeBudgets.js';
import type { MediaClient } from '../upstream/mediaClient.js';
import { TieredStore } from '../store/tieredStore.js';
import { fileRelay } from './http/fileRelay.js';
import { pictureRoutes } from './http/pictureRoutes.js';
import { VariantFastPath } from './http/variantFastPath.js';
import { HeavyOriginals } from './heavyOriginals.js';
import { PictureMetrics } from './pictureMetrics.js';
import { PictureVariants } from './pictureVariants.js';
import { DecodeGate } from './transform/decodeGate.js';
import { configureSharp, type MadeVariant } from './transform/transformPicture.js';
import { createTransformService } from './transform/transformService.js';
import { TransformQueue } from './transformQueue.js';
import { VARIANT_CODEC } from './variantCodec.js';

/** What a refused transform tells the browser to wait: about one queue's worth of transforms. */
const BUSY_RETRY_AFTER_S = 2;
/** AVIFs waiting to be made in the background, all clients together; past it the client with the most waiting loses its newest (the next request for it asks again). */
const AVIFS_WAITING = 64;

export interface Pictures {
  /** Everything under /media: variants, and the files relayed as they are. */
  router: Router;
  variants: PictureVariants;
  /** Variants held here, sent before Express (server/media/http/variantFastPath.ts). */
  fastPath: VariantFastPath;
  close(): Promise<void>;
}

/**
 * The picture pipeline of one process from config: transforms one per core, a share of the memory
 * budget for this process's variants, libvips' cache and the fast path's learned requests, Redis (when
 * configured) for every replica's.
 */
export function createPictures(
  config: Config,
  redis: RedisConnection,
  budget: StoreBudget,
  media: MediaClient,
  metrics: Metrics,
  lifecycle: Lifecycle,
  logger: Logger,
): Pictures {
  const cores = availableParallelism();
  const share = config.memory.bytes.pictures;
  const libvipsCacheBytes = Math.floor(share / 4);
  // A learned request is about 600 bytes: 512 KB at 256 MB learn some 800, several for each variant held.
  const learnedBytes = Math.floor(share / 16);
  const variantBytes = share - libvipsCacheBytes - learnedBytes;
  configureSharp({ cacheBytes: libvipsCacheBytes, cores, transformsAtOnce: cores });
  const queue = new TransformQueue({
    running: cores,
    waiting: config.images.queueLength,
    // A shopper's car list is made during a flood (an <img> answered 503 stays broken); a flooder's excess is refused.
    outsideMs: config.images.queueWaitMs,
    backgroundWaiting: AVIFS_WAITING,
    // Half the cores at most for AVIFs nobody waits for: the rest stay with the WebPs shoppers wait for.
    backgroundRunning: Math.max(1, Math.floor(cores / 2)),
    retryAfterS: BUSY_RETRY_AFTER_S,
  });
  const store = new TieredStore<MadeVariant>({
    name: 'picture_variants',
    metrics,
    here: { maxBytes: variantBytes, sizeOf: (variant) => variant.body.length },
    shared: {
      redis,
      prefix: config.images.store.redisPrefix,
      codec: VARIANT_CODEC,
      bounded: { tag: 'variants', maxBytes: config.images.store.maxBytes },
    },
    budget,
  });
  const { ttlMs } = config.images.store;
  const gate: DecodeGate = new DecodeGate(config.memory.decodeBytes, { waited: () => pictureMetrics.decodeWaited() });
  const pictureMetrics: PictureMetrics = new PictureMetrics(
    metrics.registry,
    () => queue.stats,
    () => gate.stats,
  );
  const transforms = createTransformService({
    gate,
    events: pictureMetrics,
    logger,
    maxInputPixels: config.images.maxInputPixels,
    avifEffort: config.images.avifEffort,
    decodeDeadlineMs: config.images.decodeTimeoutMs,
  });
  const heavy = new HeavyOriginals({ transforms, store, metrics: pictureMetrics, logger, ttlMs });
  const variants: PictureVariants = new PictureVariants({
    media,
    store,
    queue,
    transforms,
    heavy,
    metrics: pictureMetrics,
    logger,
    maxInputBytes: config.images.maxInputBytes,
    ttlMs,
    heavyWaitMs: config.images.heavyWaitMs,
  });
  const fastPath = new VariantFastPath({
    held: (key) => variants.held(key),
    trustProxy: config.trustProxy,
    lifecycle,
    metrics,
    pictureMetrics,
    logger,
    learnedMaxBytes: learnedBytes,
    budget,
  });
  metrics.reportCacheBytes('libvips_cache', libvipsCacheBytes, () => sharp.cache().memory.current * 1024 * 1024);
  metrics.reportCacheBytes('picture_fast_path', learnedBytes, () => fastPath.learnedBytes);
  return {
    router: pictureRoutes(
      variants,
      transforms,
      fileRelay(media, logger, config.mediaMaxBytes),
      fastPath,
      pictureMetrics,
      logger,
    ),
    variants,
    fastPath,
    close: () => variants.close(),
  };
}
