import type { Request, Response } from 'express';
import type { PageEntry } from './pageEntry.js';
import type { PageCacheResult } from './pageCacheMetrics.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const chosen = new Map<string, Encoding>();

/** The best stored encoding the client accepts: brotli, then gzip, else identity (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (chosen.size >= 256) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** True when If-None-Match names the entry (weak comparison, as RFC 9110 asks for GET). */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Sends a cached page: the stored bytes in the chosen encoding, or 304 when the client has them. */
export function sendEntry(req: Request, res: Response, entry: PageEntry, result: PageCacheResult, cacheControl: string): void {
  res.status(entry.status);
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', entry.etag);
  res.setHeader('x-cache', result);
  if (entry.status === 200 && notModified(req, entry.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
  // Set, so the compression middleware leaves the bytes as they are.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
