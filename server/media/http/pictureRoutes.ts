import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, apiErrorBody } from '../../http/apiError.js';
import { InFlightRefused, refuseInFlight } from '../../http/clientLimits.js';
import { UpstreamError } from '../../upstream/upstreamError.js';
import type { PictureMetrics } from '../pictureMetrics.js';
import { OriginalMissing, StillDecoding, type PictureVariants, type VariantOutcome } from '../pictureVariants.js';
import { UnusablePicture } from '../transform/transformPicture.js';
import type { VariantFormat } from '../transform/variantFormat.js';
import type { TransformService } from '../transform/transformService.js';
import { TransformQueueFull } from '../transformQueue.js';
import { emptyAnswer, type FileRelay } from './fileRelay.js';
import { mediaRequestOf } from './mediaUrl.js';
import { notModified, VARIANT_ROUTE, type VariantFastPath } from './variantFastPath.js';

/** A variant of a versioned URL never changes: browsers and CDNs keep it a year without asking again. */
const VERSIONED = 'public, max-age=31536000, immutable';
/** A variant of an unversioned URL may change with its original. */
const UNVERSIONED = 'public, max-age=3600';
/** The WebP sent while the AVIF is made: kept briefly, so the next view after it gets the AVIF. */
const STAND_IN = 'public, max-age=60';

/**
 * The formats the browser's Accept names outright: a wildcard says nothing about AVIF, and `q=0` refuses a type.
 */
function acceptedFormats(accept: string | undefined): { avif: boolean; webp: boolean } {
  const named = new Set<string>();
  for (const part of (accept ?? '').slice(0, 1_000).split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    named.add(type);
  }
  return { avif: named.has('image/avif'), webp: named.has('image/webp') };
}

/** The best format the browser's Accept names: AVIF, else WebP, else JPEG, which every browser shows. */
export function bestFormat(accept: string | undefined): VariantFormat {
  const { avif, webp } = acceptedFormats(accept);
  return avif ? 'avif' : webp ? 'webp' : 'jpeg';
}

/** What a browser that wants AVIF gets while its AVIF is being made: the best of the quick ones. */
export function quickFormat(accept: string | undefined): Exclude<VariantFormat, 'avif'> {
  return acceptedFormats(accept).webp ? 'webp' : 'jpeg';
}

/** A request for a picture variant: a cache may answer it, so it counts against its client's in-flight cap only when it makes one. */
export function isVariantRequest(req: Request): boolean {
  return mediaRequestOf(req)?.kind === 'variant';
}

/**
 * The HTTP side of the picture room: GET /media/<picture>?w=… answered with the picture at a width of the allow-list,
 * in the best format the browser takes (docs/pictures.md), its headers and caching; the URL read once
 * (server/media/http/mediaUrl.ts). A width or quality off the list is 400 before any work; SVG and files go to the
 * relay (server/media/http/fileRelay.ts); the variants themselves come from server/media/pictureVariants.ts.
 */
export function pictureRoutes(
  variants: PictureVariants,
  transforms: TransformService,
  relay: FileRelay,
  fastPath: VariantFastPath,
  metrics: PictureMetrics,
  logger: Logger,
): Router {
  const router = Router();
  router.get('/media/{*rest}', async (req, res) => {
    const parsed = mediaRequestOf(req);
    // No way out of the media service's path: dot segments would be resolved, encoded or not.
    if (!parsed || parsed.kind === 'outside') return emptyAnswer(res, 404);
    if (parsed.kind === 'relay') return relay(req, res, parsed.path, parsed.version);
    if (parsed.kind === 'invalid') {
      metrics.refused('invalid');
      res.status(400).setHeader('Cache-Control', 'no-store');
      res.json(apiErrorBody(new ApiError(400, 'invalid_image_variant', parsed.message), String(req.id)));
      return;
    }
    const { variant } = parsed;
    const accept = req.get('accept');
    const asker = { client: res.locals.clientKey, requestId: String(req.id), claim: res.locals.inFlight?.claim };
    res.locals.metricsRoute = VARIANT_ROUTE;
    res.setHeader('Vary', 'Accept');
    let outcome: VariantOutcome;
    let standIn = false;
    try {
      let wanted = bestFormat(accept);
      // An AVIF this wide never fits the decode share: the quick format is the answer itself, not a stand-in.
      if (wanted === 'avif' && !variants.avifFits(variant.width)) wanted = quickFormat(accept);
      const avif = wanted === 'avif' ? await variants.find(variant, 'avif') : undefined;
      if (avif) outcome = avif;
      else if (wanted === 'avif') {
        // AVIF is too slow to make while a shopper waits: the quick format now, the AVIF for the next view.
        outcome = await variants.get(variant, quickFormat(accept), asker);
        standIn = true;
        if (outcome.result !== 'bypass') variants.avifLater(variant, asker);
      } else outcome = await variants.get(variant, wanted, asker);
    } catch (err) {
      if (res.destroyed) return;
      return void (await refuse(err, req, res));
    }
    metrics.answered(outcome.result, standIn);
    const made = outcome.variant;
    res.setHeader('Cache-Control', standIn ? STAND_IN : variant.version ? VERSIONED : UNVERSIONED);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Held here now: the next same request is answered before Express (a stand-in's answer changes once the AVIF is made).
    if (!standIn && outcome.result !== 'bypass') fastPath.learn(req, res, variants.keyOf(variant, made.format));
    res.setHeader('ETag', made.etag);
    res.setHeader('X-Cache', outcome.result === 'shared' ? 'hit' : outcome.result);
    if (notModified(req.get('if-none-match'), made.etag)) return emptyAnswer(res, 304);
    res.status(200).setHeader('Content-Type', made.contentType);
    res.setHeader('Content-Length', String(made.body.length));
    if (req.method === 'HEAD') res.end();
    else res.end(made.body);
  });

  /** No picture: the error shape for 503 (busy, try again), an empty answer otherwise, as the relay answers. */
  async function refuse(err: unknown, req: Request, res: Response): Promise<void> {
    if (err instanceof InFlightRefused) return refuseInFlight(res);
    if (err instanceof StillDecoding) return standIn(err, req, res);
    if (err instanceof TransformQueueFull) {
      metrics.refused('busy');
      res.status(503).setHeader('Retry-After', String(err.retryAfterS));
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        apiErrorBody(
          new ApiError(503, 'images_busy', 'Too many pictures are being made right now; try again shortly'),
          String(req.id),
        ),
      );
      return;
    }
    if (err instanceof OriginalMissing)
      return emptyAnswer(res, err.statusCode >= 400 && err.statusCode < 500 ? 404 : 502);
    if (err instanceof UnusablePicture) {
      metrics.refused('unusable');
      logger.warn(
        { requestId: req.id, path: req.path, reason: err.reason, err: err.message },
        'pictures: an original that is not a usable picture',
      );
      return emptyAnswer(res, 502);
    }
    metrics.refused('upstream');
    if (err instanceof UpstreamError) return emptyAnswer(res, err.failure === 'upstream_timeout' ? 504 : 502);
    logger.error({ err, requestId: req.id, path: req.path }, 'pictures: variant failed');
    emptyAnswer(res, 502);
  }
  /**
   * A heavy original still being decoded after the bounded wait: a plain light picture of its size in the quick
   * format, never kept by anyone (no-store), so the page keeps its layout and the next view gets the real one,
   * which is made meanwhile.
   */
  async function standIn(err: StillDecoding, req: Request, res: Response): Promise<void> {
    metrics.refused('decoding');
    const { body, contentType } = await transforms.standIn(err.size, quickFormat(req.get('accept')));
    res.status(200).setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Cache', 'stand-in');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Length', String(body.length));
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  }
  return router;
}
