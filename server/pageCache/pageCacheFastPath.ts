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
import type { PageCache } from './pageCache.js';
import { PAGE_CACHE_ROUTE, type PageCacheMetrics } from './pageCacheMetrics.js';
import { cookieRole } from './pageKey.js';
import { entryBodyNow, type PageEntry } from './pageEntry.js';
import { cachedAnswer, variantFor, type Variant } from './sendPage.js';

/** What the full pipeline decided for one exact request: the page key, and the headers it had set before the page's own. */
interface Learned {
  key: string;
  /** Security headers and the like: the same for every answer to this request. */
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
  'cache-control',
  'vary',
  'etag',
]);

/**
 * Fresh cached pages, sent before Express sees the request. It decides nothing of its own: it only
 * repeats what the full pipeline (market, language, redirects, bypass rules, security headers)
 * answered for this exact request, which it learns when that pipeline serves a fresh hit. Anything
 * it has not learned, a stale or missing page, a personal cookie or a stopping process goes to Express.
 */
export class PageCacheFastPath {
  /** Bounded by the characters of signatures and keys: URLs that differ only in tracking parameters are learned one by one. */
  private readonly learned: LRUCache<string, Learned>;
  /** Each stored page's answers by variant, headers flat: built once, not per request. */
  private readonly answers = new WeakMap<
    PageEntry,
    Map<Variant, { status: number; headers: (string | number)[]; body: Buffer | undefined }>
  >();
  private readonly pipelineHeaders = new LearnedHeaders(PER_ANSWER);

  constructor(
    private readonly options: {
      cache: PageCache;
      cacheControl: string;
      trustProxy: ProxyTrust;
      lifecycle: Lifecycle;
      metrics: Metrics;
      pageMetrics: PageCacheMetrics;
      logger: Logger;
      /** Estimated heap bytes of learned requests. */
      learnedMaxBytes: number;
      /** What a client may make us keep (its pages' budget): each request learned is charged to the client who sent it. */
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

  /** The app's request listener: this fast path first, then Express. */
  in(front: RequestListener): RequestListener {
    return (req, res) => {
      if (!this.answer(req, res)) front(req, res);
    };
  }

  /**
   * Called by the page cache middleware as the full pipeline sends a fresh hit for `key`. A request
   * not learned yet is learned within its client's budget: URLs that differ only in junk parameters
   * are each a new request, and one client must not push everyone else's out.
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

  /** Sends the page and returns true when this request's page is learned and fresh here. */
  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.options.lifecycle.state !== 'ready') return false;
    const signature = this.signature(req);
    const learned = signature === undefined ? undefined : this.learned.get(signature);
    const entry = learned && this.options.cache.freshLocal(learned.key);
    if (!learned || !entry) return false;
    const started = performance.now();
    const requestId = requestIdFor(req);
    const answer = this.answerOf(entry, variantFor(req, entry));
    if (!answer) return false; // that encoding is not compressed yet: Express compresses it
    res.once('finish', () => this.recordAnswer(req, answer.status, requestId, started));
    res.writeHead(answer.status, learned.pipelineHeaders.concat(answer.headers, 'x-request-id', requestId));
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    this.options.pageMetrics.record('hit');
    return true;
  }

  private answerOf(entry: PageEntry, variant: Variant) {
    let byVariant = this.answers.get(entry);
    if (!byVariant) this.answers.set(entry, (byVariant = new Map()));
    let answer = byVariant.get(variant);
    if (!answer) {
      const bytes = variant === 'not-modified' ? undefined : entryBodyNow(entry, variant);
      if (variant !== 'not-modified' && !bytes) return undefined;
      const { status, headers, body } = cachedAnswer(entry, variant, 'hit', this.options.cacheControl, bytes);
      answer = { status, headers: Object.entries(headers).flat(), body };
      byVariant.set(variant, answer);
    }
    return answer;
  }

  /** The same metric and log line the full pipeline gives an answer. */
  private recordAnswer(req: IncomingMessage, status: number, requestId: string, started: number): void {
    this.options.metrics.httpRequests.observe(
      { route: PAGE_CACHE_ROUTE, method: req.method ?? 'GET', status: String(status) },
      (performance.now() - started) / 1000,
    );
    logAnswer(this.options.logger, req, req.url ?? '', requestId, status, started);
  }

  /** One exact request as the pipeline sees it: GET or HEAD, host (and the proxy's, when trusted), URL; none with a personal cookie. */
  private signature(req: IncomingMessage): string | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (cookieRole(req.headers.cookie) === 'personal') return undefined;
    // `originalUrl` once Express has the request; the raw URL before.
    const url = (req as Partial<Request>).originalUrl ?? req.url ?? '';
    return `${hostSignature(req, this.options.trustProxy)}\n${url}`;
  }
}
