import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { chooseEncoding } from '../http/contentEncoding.js';
import {
  hostSignature,
  LearnedHeaders,
  learnedRequestBytes,
  learnWithin,
  type FlatHeaders,
} from '../http/learnedHeaders.js';
import type { Lifecycle } from '../http/lifecycle.js';
import type { ProxyTrust } from '../http/proxyTrust.js';
import { logAnswer, requestIdFor } from '../http/requestLogging.js';
import type { Metrics } from '../metrics.js';
import type { StoreBudget } from '../store/storeBudgets.js';
import { compressedNow } from './compressedVariants.js';
import type { SearchCache } from './searchCache.js';

/** The path, and its route label in /metrics whichever way it was answered. */
const SEARCH_PATH = '/api/search';
/** Bodies the fast path reads first; larger ones go to Express untouched (its own limit is 64 KB). */
const MAX_BODY_BYTES = 8 * 1024;

/** What the full pipeline decided for one exact request: the cache key, and the headers it set before the answer's own. */
interface Learned {
  key: string;
  pipelineHeaders: FlatHeaders;
}

/** Set per answer, never replayed from another one. */
const PER_ANSWER = new Set([
  'x-request-id',
  'connection',
  'keep-alive',
  'date',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-cache',
  'etag',
]);

/**
 * Fresh cached search answers, sent before Express sees the request. Like the page cache's fast
 * path it decides nothing of its own: it repeats what the full pipeline (market, origin check, body
 * parsing and validation, the route) answered for this exact request and body, learned when that
 * pipeline answered it. Anything else, a body it has not seen, an answer no longer fresh here, or a
 * stopping process, goes to Express with the body put back as it came.
 */
export class SearchFastPath {
  /** Bounded by the characters of signatures (bodies included) and keys. */
  private readonly learned: LRUCache<string, Learned>;
  private readonly pipelineHeaders = new LearnedHeaders(PER_ANSWER);

  constructor(
    private readonly options: {
      cache: SearchCache;
      trustProxy: ProxyTrust;
      lifecycle: Lifecycle;
      metrics: Metrics;
      logger: Logger;
      /** Estimated heap bytes of learned requests. */
      learnedMaxBytes: number;
      /** What a client may make us keep (its searches' budget): each request learned is charged to the client who sent it. */
      budget?: StoreBudget;
    },
  ) {
    this.learned = new LRUCache<string, Learned>({
      maxSize: options.learnedMaxBytes,
      sizeCalculation: (learned, signature) => learnedRequestBytes(signature, learned.key),
    });
  }

  /** Estimated heap bytes of the requests learned (/metrics). */
  get learnedBytes(): number {
    return this.learned.calculatedSize;
  }

  /** The app's request listener: this fast path first, then `front`. */
  in(front: RequestListener): RequestListener {
    return (req, res) => {
      const length = this.bodyLengthToRead(req);
      if (length === undefined) return front(req, res);
      readDeclaredBody(req, length, (body) => {
        if (this.answer(req, res, body)) return;
        // Before the stream has ended, so Express's body parser reads these bytes as if no one had.
        req.unshift(body);
        front(req, res);
      });
    };
  }

  /**
   * Called by the search route when it has sent an answer kept under `key`. Learned only once the answer
   * is held here (a miss is kept after it is sent: its next request learns it), and within the client's
   * budget: bodies that differ only in spacing or order are each a new request.
   */
  learn(req: Request, res: Response, key: string): void {
    if (!req.rawBody || this.bodyLengthToRead(req) !== req.rawBody.length || !this.options.cache.freshLocal(key))
      return;
    const signature = this.signature(req, req.rawBody);
    if (this.learned.get(signature)?.key === key) return;
    learnWithin(
      this.options.budget,
      res,
      learnedRequestBytes(signature, key),
      () => ({ key, pipelineHeaders: this.pipelineHeaders.of(res) }),
      (learned) => this.learned.set(signature, learned),
    );
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

  /** Sends the answer and returns true when this request is learned and its answer is fresh here. */
  private answer(req: IncomingMessage, res: ServerResponse, body: Buffer): boolean {
    const learned = this.learned.get(this.signature(req, body));
    const entry = learned && this.options.cache.freshLocal(learned.key);
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const sent = entry && compressedNow(entry.bytes, encoding);
    if (!learned || !sent) return false;
    const started = performance.now();
    const requestId = requestIdFor(req);
    const answerHeaders: (string | number)[] = [
      'x-cache',
      'hit',
      'content-length',
      sent.length,
      'x-request-id',
      requestId,
    ];
    if (encoding !== 'identity') answerHeaders.push('content-encoding', encoding);
    res.once('finish', () => {
      this.options.metrics.httpRequests.observe(
        { route: SEARCH_PATH, method: 'POST', status: '200' },
        (performance.now() - started) / 1000,
      );
      logAnswer(this.options.logger, req, SEARCH_PATH, requestId, 200, started);
    });
    res.writeHead(200, learned.pipelineHeaders.concat(answerHeaders));
    res.end(sent);
    this.options.metrics.cacheEvents.inc({ result: 'hit' });
    return true;
  }

  /**
   * One exact request as the pipeline sees it: host (and the proxy's, when trusted) for the market,
   * Origin for the same-origin check, Content-Type for the body parser, and the body itself.
   */
  private signature(req: IncomingMessage, body: Buffer): string {
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
