import { z } from 'zod';
import { IMAGE_URL_TEMPLATE, MAP_TILE_URL } from '../http/urlTemplate.js';
import { redisPrefix, urlTemplate } from './envTypes.js';

/** libaom's effort for production's AVIFs (IMAGE_AVIF_EFFORT), which the audit measures with too. */
export const DEFAULT_AVIF_EFFORT = 4;

/** Pictures and maps: where pictures are sized, the /media pipeline's limits and shared store, the map tiles. */
export const picturesSchema = z.object({
  // Map tiles for the booking and site maps: a {z}/{x}/{y} template. The default is the maps
  // service's own tiles through the /media relay (the sandbox draws simple ones, so maps work offline).
  MAP_TILE_URL: urlTemplate(MAP_TILE_URL).default('/media/map-tiles/{z}/{x}/{y}.svg'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('sandbox'),
  // An image CDN instead of the built-in /media pipeline: a URL template with {width}, {quality} and
  // {src} (the original's absolute URL on this site) or {path} (its path under /media). Unset: /media.
  IMAGE_URL_TEMPLATE: urlTemplate(IMAGE_URL_TEMPLATE).optional(),
  // The picture pipeline (server/media/, docs/pictures.md): an original larger than this many bytes or
  // pixels is never decoded; variants are shared through Redis up to IMAGE_STORE_MAX_MB in all, each kept
  // IMAGE_STORE_TTL_S; transforms beyond the ones running (one per core) wait in IMAGE_TRANSFORM_QUEUE places shared
  // fairly by client, and one with no place there waits IMAGE_TRANSFORM_WAIT_MS for one, then 503.
  IMAGE_MAX_INPUT_BYTES: z.coerce
    .number({ message: 'expected bytes' })
    .int()
    .min(1024)
    .max(268_435_456)
    .default(16 * 1024 * 1024),
  IMAGE_MAX_INPUT_PIXELS: z.coerce
    .number({ message: 'expected a pixel count' })
    .int()
    .min(1024)
    .max(268_402_689)
    .default(16_777_216),
  IMAGE_STORE_MAX_MB: z.coerce.number({ message: 'expected megabytes' }).int().min(1).max(65_536).default(64),
  IMAGE_STORE_TTL_S: z.coerce.number({ message: 'expected seconds' }).int().min(60).max(2_592_000).default(86_400),
  IMAGE_STORE_REDIS_PREFIX: redisPrefix('bff:img:v1:'),
  IMAGE_TRANSFORM_QUEUE: z.coerce.number({ message: 'expected a count' }).int().min(0).max(10_000).default(48),
  IMAGE_TRANSFORM_WAIT_MS: z.coerce
    .number({ message: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(0)
    .max(60_000)
    .default(5_000),
  // libaom's effort for the AVIFs made in the background (0–9, sharp's default 4): lower spends a fraction of the
  // CPU for larger files (docs/pictures.md). The test harness runs 0: its AVIFs are checked for being made, not weighed.
  IMAGE_AVIF_EFFORT: z.coerce.number({ message: 'expected 0 to 9' }).int().min(0).max(9).default(DEFAULT_AVIF_EFFORT),
  // A heavy original's decode process (server/media/transform/decodeProcess.ts) is killed after this long of wall clock (its CPU time
  // is limited apart, server/media/transform/lowPriorityTool.ts): at nice 10 on a busy machine a 1.4 s decode took over 30 s.
  IMAGE_DECODE_TIMEOUT_MS: z.coerce
    .number({ message: 'expected milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(120_000),
  // How long a shopper waits for a heavy original's first decode before a stand-in (a plain picture of its size,
  // not kept) is sent while the real one is made: inside the edge's read timeout (nginx's 30 s), with room left.
  IMAGE_HEAVY_WAIT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(1).max(600_000).default(20_000),
});

export function pictureSettings(e: z.infer<typeof picturesSchema>) {
  return {
    /** Tile template and attribution of every map; an absolute template's origin is allowed in the CSP's img-src. */
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    /**
     * Where pictures are sized: an image CDN's URL template, or undefined for the built-in /media
     * pipeline, and that pipeline's limits and shared store (server/media/).
     */
    images: {
      urlTemplate: e.IMAGE_URL_TEMPLATE,
      maxInputBytes: e.IMAGE_MAX_INPUT_BYTES,
      maxInputPixels: e.IMAGE_MAX_INPUT_PIXELS,
      store: {
        maxBytes: e.IMAGE_STORE_MAX_MB * 1024 * 1024,
        ttlMs: e.IMAGE_STORE_TTL_S * 1000,
        redisPrefix: e.IMAGE_STORE_REDIS_PREFIX,
      },
      /** Transforms waiting in line beyond those running (one per core), shared fairly by client. */
      queueLength: e.IMAGE_TRANSFORM_QUEUE,
      /** How long a transform with no place in line waits for one before its 503. */
      queueWaitMs: e.IMAGE_TRANSFORM_WAIT_MS,
      /** A heavy original's decode process is killed after this long. */
      decodeTimeoutMs: e.IMAGE_DECODE_TIMEOUT_MS,
      /** How long a shopper waits for a heavy original's decode before its stand-in. */
      heavyWaitMs: e.IMAGE_HEAVY_WAIT_MS,
      /** libaom's effort for the background AVIFs (0–9). */
      avifEffort: e.IMAGE_AVIF_EFFORT,
    },
  };
}
