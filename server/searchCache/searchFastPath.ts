import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { chooseEncoding } from '../http/contentEncoding.js';
import type { ProxyTrust } from '../http/proxyTrust.js';
import { FastPath, hostSignature, type FastAnswer, type FastPathOptions } from '../store/fastPath.js';
import { compressedNow } from './compressedVariants.js';
import type { SearchCache } from './searchCache.js';

/** The path, and its route label in /metrics whichever way it was answered. */
const SEARCH_PATH = '/api/search';
/** Bodies the fast path reads first; larger ones go to Express untouched (its own limit is 64 KB). */
const MAX_BODY_BYTES = 8 * 1024;

/**
 * Fresh cached search answers, sent before Express sees the request (the shell:
 * server/store/fastPath.ts): what the full pipeline (market, origin check, body parsing and
 * validation, the route) answered for this exact request and body. Anything else goes to Express with
 * the body put back as it came.
 */
export class SearchFastPath extends FastPath {
  constructor(
    private readonly options: Omit<FastPathOptions, 'route' | 'perAnswer' | 'hit'> & {
      cache: SearchCache;
      trustProxy: ProxyTrust;
    },
  ) {
    super({
      ...options,
      route: SEARCH_PATH,
      perAnswer: [], // none beside the shell's own
      hit: () => options.metrics.cacheEvents.inc({ result: 'hit' }),
    });
  }

  /** Its phase of the request pipeline: the answer held here (once the body is read), or `next()`. */
  override run(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const length = this.bodyLengthToRead(req);
    if (length === undefined) return next();
    readDeclaredBody(req, length, (body) => {
      if (this.send(req, res, body)) return;
      // Before the stream has ended, so Express's body parser reads these bytes as if no one had.
      req.unshift(body);
      next();
    });
  }

  /**
   * Called by the search route when it has sent an answer kept under `key`. Learned only once the answer
   * is held here (a miss is kept after it is sent: its next request learns it): bodies that differ only
   * in spacing or order are each a new request.
   */
  learn(req: Request, res: Response, key: string): void {
    if (!req.rawBody || this.bodyLengthToRead(req) !== req.rawBody.length || !this.options.cache.freshLocal(key))
      return;
    this.learnAnswer(req, res, key, req.rawBody);
  }

  /** A POST to exactly /api/search with a small declared body sent as it is; undefined for anything else. */
  private bodyLengthToRead(req: IncomingMessage): number | undefined {
    if (
      req.method !== 'POST' ||
      this.options.lifecycle.state !== 'ready' ||
      req.headers['content-encoding'] !== undefined
    )
      return undefined;
    // `originalUrl` once Express has the request (its routers rewrite req.url); the raw URL before.
    if (((req as Partial<Request>).originalUrl ?? req.url) !== SEARCH_PATH) return undefined;
    const length = Number(req.headers['content-length']);
    return Number.isInteger(length) && length > 0 && length <= MAX_BODY_BYTES ? length : undefined;
  }

  protected answerFor(req: IncomingMessage, key: string): FastAnswer | undefined {
    const entry = this.options.cache.freshLocal(key);
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const sent = entry && compressedNow(entry.bytes, encoding);
    if (!sent) return undefined;
    const headers: (string | number)[] = ['x-cache', 'hit', 'content-length', sent.length];
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    return { status: 200, headers, body: sent };
  }

  /**
   * One exact request as the pipeline sees it: host (and the proxy's, when trusted) for the market,
   * Origin for the same-origin check, Content-Type for the body parser, and the body itself.
   */
  protected signature(req: IncomingMessage, body?: Buffer): string | undefined {
    if (!body) return undefined;
    const { origin = '', 'content-type': contentType = '' } = req.headers;
    return `${hostSignature(req, this.options.trustProxy)}\n${origin}\n${contentType}\n${body.toString('latin1')}`;
  }
}

/**
 * Reads exactly `length` bytes of a request's body without letting the stream end, so that they can
 * be put back with `unshift`. A request that closes before its body is complete gets no callback.
 */
function readDeclaredBody(req: IncomingMessage, length: number, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let read = 0;
  const onReadable = () => {
    for (let chunk: Buffer | null; read < length && (chunk = req.read() as Buffer | null) !== null;) {
      chunks.push(chunk);
      read += chunk.length;
    }
    if (read < length) return;
    req.off('readable', onReadable);
    done(Buffer.concat(chunks, read));
  };
  req.on('readable', onReadable);
  // A client that leaves halfway: nothing to answer, nothing to throw.
  req.once('error', () => req.off('readable', onReadable));
}
