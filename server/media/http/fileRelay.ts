import { pipeline } from 'node:stream';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { callContextOf } from '../../upstream/callContext.js';
import type { MediaClient } from '../../upstream/mediaClient.js';
import { releaseBody } from '../../upstream/upstreamBody.js';
import { UpstreamError } from '../../upstream/upstreamError.js';
import { mediaSourceOf } from '../pictureVariants.js';

const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified', 'expires'];
/**
 * What the relay sends of the media service's files; anything else (a proxy's web page, JSON) is never served
 * from the site's origin, and no raster picture either: those leave only through the pipeline, without metadata.
 */
const RELAYED_TYPES = /^(?:(?:image\/svg\+xml|application\/pdf)\s*(?:;|$)|(?:video|audio|font)\/)/i;
const SVG_TYPE = /^image\/svg\+xml\s*(?:;|$)/i;
const SVG_NAME = /\.svg$/i;
/**
 * An SVG is a document that can hold script: opened on its own from the site's origin it runs nothing,
 * loads nothing and is sandboxed (an <img> never runs an SVG's script anyway).
 */
const SVG_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** An answer with nothing to follow: the browser can reuse the connection at once. */
export function emptyAnswer(res: Response, status: number): void {
  res.status(status).setHeader('Content-Length', '0');
  res.end();
}

/** Relays a file under /media (its path checked and its query read by server/media/http/mediaUrl.ts). */
export type FileRelay = (req: Request, res: Response, path: string, version: string | undefined) => Promise<void>;

/**
 * GET /media/* relayed to the media service (raster pictures are made by server/media/ first, with or without a width), in the version the URL
 * names (`v`, as the pipeline asks for it), through its upstream client (deadline, metrics, error
 * mapping), streamed, with its caching headers: content pages show images from the page's own origin,
 * so the CSP keeps images at 'self'. Every answer is complete: a missing file is an empty 404 at once,
 * a failed service an empty 502/504, and a file that breaks off mid-way ends the connection.
 */
export function fileRelay(media: MediaClient, logger: Logger, maxBytes: number): FileRelay {
  return async (req, res, path, version) => {
    const source = mediaSourceOf(path, version);
    const conditional = Object.fromEntries(
      ['if-none-match', 'if-modified-since'].flatMap((h) => (req.headers[h] ? [[h, String(req.headers[h])]] : [])),
    );
    const ctx = callContextOf(req, res);
    let answer: Awaited<ReturnType<MediaClient['file']>>;
    try {
      answer = await media.file(source, conditional, ctx);
    } catch (err) {
      if (res.destroyed) return; // the browser left
      return emptyAnswer(res, err instanceof UpstreamError ? (err.failure === 'upstream_timeout' ? 504 : 502) : 502);
    }
    const { statusCode, headers, body } = answer;
    if (statusCode !== 200) {
      releaseBody(body);
      if (statusCode === 304) {
        for (const name of ['cache-control', 'etag', 'last-modified', 'expires'])
          if (headers[name]) res.setHeader(name, String(headers[name]));
        return emptyAnswer(res, 304);
      }
      return emptyAnswer(res, statusCode >= 400 && statusCode < 500 ? 404 : 502);
    }
    const type = String(headers['content-type'] ?? '');
    const length = Number(headers['content-length'] ?? 0);
    // An SVG only under an .svg name, and an .svg name only for an SVG.
    const svg = SVG_TYPE.test(type);
    if (!RELAYED_TYPES.test(type) || svg !== SVG_NAME.test(path) || length > maxBytes) {
      releaseBody(body);
      logger.warn(
        { requestId: req.id, path, contentType: type, contentLength: length },
        'media relay: refused an answer that is not a file of a relayed type, under its own name and of an accepted size',
      );
      return emptyAnswer(res, 502);
    }
    res.status(200);
    for (const name of PASSED_HEADERS) if (headers[name] !== undefined) res.setHeader(name, String(headers[name]));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (svg) res.setHeader('Content-Security-Policy', SVG_POLICY);
    let relayed = 0;
    body.on('data', (chunk: Buffer) => {
      relayed += chunk.length;
      if (relayed > maxBytes) body.destroy(new Error(`media file larger than ${maxBytes} bytes`));
    });
    // A body that breaks off or stalls ends the browser's connection too: a short file must not look whole.
    pipeline(body, res, (err) => {
      if (err && !ctx.signal?.aborted) media.bodyFailed(path, err, ctx);
    });
  };
}
