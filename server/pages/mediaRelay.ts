import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { Router } from 'express';
import type { Logger } from 'pino';

const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified', 'expires'];
const TIMEOUT_MS = 10_000;

/**
 * GET /media/* relayed to the media service, streamed, with its caching headers: content pages show
 * images from the page's own origin, so the CSP keeps images at 'self'.
 */
export function mediaRelay(mediaBaseUrl: string, logger: Logger): Router {
  const router = Router();
  const base = mediaBaseUrl.replace(/\/+$/, '');
  router.get('/media/{*rest}', async (req, res) => {
    const path = req.path.slice('/media'.length);
    // No way out of the media service's path: fetch would resolve dot segments, encoded or not.
    if (/\.\.|%2e|%2f|%5c|\\/i.test(path)) return void res.status(404).end();
    const conditional = Object.fromEntries(['if-none-match', 'if-modified-since'].flatMap((h) => (req.headers[h] ? [[h, String(req.headers[h])]] : [])));
    let upstream: globalThis.Response;
    try {
      upstream = await fetch(base + path, { headers: conditional, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      logger.warn({ err, requestId: req.id, path }, 'media relay failed');
      res.status(502).end();
      return;
    }
    res.status(upstream.status === 200 || upstream.status === 304 ? upstream.status : 404);
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    if (!upstream.body || upstream.status !== 200) {
      await upstream.body?.cancel();
      res.end();
      return;
    }
    Readable.fromWeb(upstream.body as ReadableStream).pipe(res);
  });
  return router;
}
