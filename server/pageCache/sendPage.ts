import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { entryBody, type PageEntry } from './pageEntry.js';
import type { PageCacheResult } from './pageCacheMetrics.js';
import { chooseEncoding, type Encoding } from '../http/contentEncoding.js';

/** True when If-None-Match names the entry (weak comparison, as RFC 9110 asks for GET). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Which stored form of a page one request gets: an encoding of its bytes, or 304 when it has them. */
export type Variant = Encoding | 'not-modified';

export function variantFor(req: IncomingMessage, entry: PageEntry): Variant {
  if (entry.status === 200 && notModified(req.headers['if-none-match'], entry.etag)) return 'not-modified';
  return chooseEncoding(req.headers['accept-encoding']);
}

export interface CachedAnswer {
  status: number;
  /** The page's own headers and the cache's (Cache-Control, Vary, ETag, x-cache, Content-Encoding and -Length). */
  headers: Record<string, string | number>;
  /** The bytes to send to a GET; undefined for 304. */
  body: Buffer | undefined;
}

/** What a cached page answers in one variant (`body`: its bytes in that encoding): the same for every request that gets that variant. */
export function cachedAnswer(
  entry: PageEntry,
  variant: Variant,
  result: PageCacheResult,
  cacheControl: string,
  body: Buffer | undefined,
): CachedAnswer {
  const headers: Record<string, string | number> = {
    ...entry.headers,
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
    etag: entry.etag,
    'x-cache': result,
  };
  if (variant === 'not-modified' || body === undefined) return { status: 304, headers, body: undefined };
  // Set, so the compression middleware leaves the bytes as they are.
  if (variant !== 'identity') headers['content-encoding'] = variant;
  headers['content-length'] = body.length;
  return { status: entry.status, headers, body };
}

/**
 * Sends a cached page through Express (the full pipeline's hit and the miss that stored it;
 * server/pageCache/pageCacheFastPath.ts sends the rest). A form not made yet is compressed now, once.
 */
export async function sendEntry(
  req: Request,
  res: Response,
  entry: PageEntry,
  result: PageCacheResult,
  cacheControl: string,
): Promise<void> {
  let variant = variantFor(req, entry);
  let body = variant === 'not-modified' ? undefined : await entryBody(entry, variant).catch(() => undefined);
  if (variant !== 'not-modified' && body === undefined) [variant, body] = ['identity', entry.identity]; // a compression that failed
  const answer = cachedAnswer(entry, variant, result, cacheControl, body);
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}
