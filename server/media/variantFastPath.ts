import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
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
import type { ImageMetrics } from './imageMetrics.js';
import type { MadeVariant } from './transformPicture.js';

/** The route label of a variant's answer in /metrics, whichever way it was answered. */
export const VARIANT_ROUTE = 'media_variant';

/** What the full pipeline decided for one exact request: the variant's key, and the headers it set before the variant's own. */
interface Learned {
  key: string;
  /** Security headers, Vary, Cache-Control and the like: the same for every answer to this request. */
  pipelineHeaders: FlatHeaders;
}

/** Set per answer (or per variant), never replayed from another one. */
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
  'content-type',
]);

/** If-None-Match names the variant's ETag (or `*`): weak comparison, as RFC 9110 asks of it. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Picture variants this process holds, sent before Express sees the request, as the page cache's fast
 * path sends pages. It decides nothing of its own: it repeats what the full pipeline (security headers,
 * market, redirects, the allow-list, the format for this Accept, Cache-Control) answered for this exact
 * request, learned when that pipeline sent a variant it keeps; only the ETag's 304 is worked out again.
 * A request not learned, a variant no longer held here, a stand-in or a stopping process goes to Express.
 */
export class VariantFastPath {
  /** Bounded by the characters of signatures and keys. */
  private readonly learned: LRUCache<string, Learned>;
  private readonly pipelineHeaders = new LearnedHeaders(PER_ANSWER);

  constructor(
    private readonly options: {
      /** The variant this process holds under a key, if it still does. */
      held: (key: string) => MadeVariant | undefined;
      trustProxy: ProxyTrust;
      lifecycle: Lifecycle;
      metrics: Metrics;
      imageMetrics: ImageMetrics;
      logger: Logger;
      /** Estimated heap bytes of learned requests. */
      learnedMaxBytes: number;
      /** What a client may make us keep (its pictures' budget): each request learned is charged to the client who sent it. */
      budget?: StoreBudget;
    },
  ) {
    this.learned = new LRUCache<string, Learned>({
      maxSize: Math.max(1, options.learnedMaxBytes),
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
      if (!this.answer(req, res)) front(req, res);
    };
  }

  /**
   * Called by the pipeline as it sends a variant it keeps under `key`, once every header but the
   * variant's own (ETag, type, length, X-Cache) is set. Learned within the client's budget: URLs that
   * differ only in parameters the pipeline ignores are each a new request.
   */
  learn(req: Request, res: Response, key: string): void {
    const signature = this.signature(req);
    if (signature === undefined || this.learned.get(signature)?.key === key) return;
    learnWithin(
      this.options.budget,
      res,
      learnedRequestBytes(signature, key),
      () => ({ key, pipelineHeaders: this.pipelineHeaders.of(res) }),
      (learned) => this.learned.set(signature, learned),
    );
  }

  /** Sends the variant and returns true when this request is learned and its variant is held here. */
  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    // Cheap refusals first: this runs before every request.
    if (!req.url?.startsWith('/media/') || this.options.lifecycle.state !== 'ready') return false;
    const signature = this.signature(req);
    const learned = signature === undefined ? undefined : this.learned.get(signature);
    const made = learned && this.options.held(learned.key);
    if (!learned || !made) return false;
    const started = performance.now();
    const requestId = requestIdFor(req);
    const unchanged = notModified(req.headers['if-none-match'], made.etag);
    const status = unchanged ? 304 : 200;
    res.once('finish', () => {
      this.options.metrics.httpRequests.observe(
        { route: VARIANT_ROUTE, method: req.method ?? 'GET', status: String(status) },
        (performance.now() - started) / 1000,
      );
      logAnswer(this.options.logger, req, req.url ?? '', requestId, status, started);
    });
    const own = unchanged
      ? ['etag', made.etag, 'x-cache', 'hit', 'content-length', 0, 'x-request-id', requestId]
      : [
          'etag',
          made.etag,
          'x-cache',
          'hit',
          'content-type',
          made.contentType,
          'content-length',
          made.body.length,
          'x-request-id',
          requestId,
        ];
    res.writeHead(status, learned.pipelineHeaders.concat(own));
    res.end(unchanged || req.method === 'HEAD' ? undefined : made.body);
    this.options.imageMetrics.answered('hit', false);
    return true;
  }

  /** One exact request as the pipeline sees it: GET or HEAD, host (and the proxy's, when trusted), URL, and the Accept its format is chosen by. */
  private signature(req: IncomingMessage): string | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    // `originalUrl` once Express has the request; the raw URL before.
    const url = (req as Partial<Request>).originalUrl ?? req.url ?? '';
    return `${hostSignature(req, this.options.trustProxy)}\n${url}\n${req.headers.accept ?? ''}`;
  }
}
