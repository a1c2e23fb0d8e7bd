import {
  IMAGE_QUALITIES,
  IMAGE_WIDTHS,
  isImageQuality,
  isImageWidth,
  VARIANT_PARAMS,
  DEFAULT_IMAGE_QUALITY,
} from '../../../contracts/imageVariants.js';
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import { VERSION_PARAM, type VariantRequest } from '../pictureVariants.js';

const VERSION = /^[0-9a-f]{8,64}$/;

/** Files the pipeline sizes; SVG is passed through as it is, anything else (PDF) relayed. */
const RASTER_EXTENSION = /\.(?:jpe?g|png|webp|avif|gif|heic|heif)$/i;

/**
 * What a raster asked for without a width gets (an image CDN's `{src}`, a link someone shortened): the
 * widest variant of the list at the best quality, never the original's bytes, which may carry the
 * camera's GPS position and other metadata that only the pipeline strips.
 */
const WITHOUT_WIDTH = {
  width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!,
  quality: IMAGE_QUALITIES[IMAGE_QUALITIES.length - 1]!,
};

/**
 * A path under /media that stays inside the media service: no dot segments, encoded or not, and no
 * encoded slashes or backslashes (the relay's rule, for every /media answer).
 */
function mediaPathOf(requestPath: string): string | undefined {
  const path = requestPath.slice('/media'.length);
  return /\.\.|%2e|%2f|%5c|\\/i.test(path) ? undefined : path;
}

/** The query of a request's URL as sent (`req.originalUrl`): a parameter given twice stays twice. */
function mediaQueryOf(originalUrl: string): URLSearchParams {
  const search = originalUrl.indexOf('?');
  return new URLSearchParams(search === -1 ? '' : originalUrl.slice(search + 1));
}

export type ParsedMediaRequest =
  /** Not a way into the media service (dot segments, encoded slashes): the relay's empty 404. */
  | { kind: 'outside' }
  | { kind: 'variant'; variant: VariantRequest }
  /** Not sized here: SVG (never rasterised) and files; relayed in the version asked for. */
  | { kind: 'relay'; path: string; version: string | undefined }
  | { kind: 'invalid'; message: string };

/**
 * Reads a /media URL's variant parameters before any work: a width (and quality) only from the
 * shared allow-list (contracts/imageVariants.ts), a version only as hex, each at most once. Any
 * other parameter is left out of the variant (it makes nothing new). Off the list is invalid
 * whatever the file, so a URL a CDN or browser keeps is one the pipeline would answer.
 */
function parseMediaRequest(path: string, query: URLSearchParams): ParsedMediaRequest {
  const single = (name: string): string | undefined | null => {
    const values = query.getAll(name);
    return values.length > 1 ? null : values[0];
  };
  const width = single(VARIANT_PARAMS.width);
  const quality = single(VARIANT_PARAMS.quality);
  const version = single(VERSION_PARAM);
  if (width === null || quality === null || version === null)
    return {
      kind: 'invalid',
      message: `${VARIANT_PARAMS.width}, ${VARIANT_PARAMS.quality} and ${VERSION_PARAM} may each be given once`,
    };
  if (version !== undefined && !VERSION.test(version))
    return { kind: 'invalid', message: `${VERSION_PARAM} is the picture's version: 8 to 64 hexadecimal digits` };
  if (width === undefined) {
    if (quality !== undefined)
      return { kind: 'invalid', message: `${VARIANT_PARAMS.quality} needs a width (${VARIANT_PARAMS.width})` };
    return RASTER_EXTENSION.test(path)
      ? { kind: 'variant', variant: { path, ...WITHOUT_WIDTH, version } }
      : { kind: 'relay', path, version };
  }
  const w = /^\d{1,5}$/.test(width) ? Number(width) : NaN;
  if (!isImageWidth(w))
    return { kind: 'invalid', message: `${VARIANT_PARAMS.width} must be one of the allowed widths` };
  const q = quality === undefined ? DEFAULT_IMAGE_QUALITY : /^\d{1,3}$/.test(quality) ? Number(quality) : NaN;
  if (!isImageQuality(q))
    return { kind: 'invalid', message: `${VARIANT_PARAMS.quality} must be one of the allowed qualities` };
  if (!RASTER_EXTENSION.test(path)) return { kind: 'relay', path, version };
  return { kind: 'variant', variant: { path, width: w, quality: q, version } };
}

/** Each request's /media URL, read once (the in-flight cap asks first, the route after it). */
const parsed = new WeakMap<IncomingMessage, ParsedMediaRequest | undefined>();

/**
 * What a request under /media asks for, read once per request and kept with it: a variant, a file to relay, a URL
 * off the rules (400) or outside the media service (404); undefined for any other request.
 */
export function mediaRequestOf(req: Request): ParsedMediaRequest | undefined {
  if (parsed.has(req)) return parsed.get(req);
  let read: ParsedMediaRequest | undefined;
  if ((req.method === 'GET' || req.method === 'HEAD') && req.path.startsWith('/media/')) {
    const path = mediaPathOf(req.path);
    read = path === undefined ? { kind: 'outside' } : parseMediaRequest(path, mediaQueryOf(req.originalUrl));
  }
  parsed.set(req, read);
  return read;
}
