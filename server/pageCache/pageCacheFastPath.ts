import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { ProxyTrust } from '../http/proxyTrust.js';
import { FastPath, hostSignature, type FastAnswer, type FastPathOptions } from '../store/fastPath.js';
import type { PageCache } from './pageCache.js';
import { PAGE_CACHE_ROUTE, type PageCacheMetrics } from './pageCacheMetrics.js';
import { cookieRole } from './pageKey.js';
import { entryBodyNow, type PageEntry } from './pageEntry.js';
import { cachedAnswer, variantFor, type Variant } from './sendPage.js';

/** Set per answer beside the shell's own (server/store/fastPath.ts), never replayed. */
const PER_ANSWER = ['cache-control', 'vary'];

/**
 * Fresh cached pages, sent before Express sees the request (the shell: server/store/fastPath.ts): what
 * the full pipeline answered for this exact request, learned when it served a fresh hit. A stale or
 * missing page or a personal cookie goes to Express.
 */
export class PageCacheFastPath extends FastPath {
  /** Each stored page's answers by variant, headers flat: built once, not per request. */
  private readonly answers = new WeakMap<PageEntry, Map<Variant, FastAnswer>>();

  constructor(
    private readonly options: Omit<FastPathOptions, 'route' | 'perAnswer' | 'hit'> & {
      cache: PageCache;
      cacheControl: string;
      trustProxy: ProxyTrust;
      pageMetrics: PageCacheMetrics;
    },
  ) {
    super({ ...options, route: PAGE_CACHE_ROUTE, perAnswer: PER_ANSWER, hit: () => options.pageMetrics.record('hit') });
  }

  /** Called by the page cache middleware as the full pipeline sends a fresh hit for `key`. */
  learn(req: Request, res: Response, key: string): void {
    this.learnAnswer(req, res, key);
  }

  protected answerFor(req: IncomingMessage, key: string): FastAnswer | undefined {
    const entry = this.options.cache.freshLocal(key);
    if (!entry) return undefined;
    const variant = variantFor(req, entry);
    let byVariant = this.answers.get(entry);
    if (!byVariant) this.answers.set(entry, (byVariant = new Map()));
    let answer = byVariant.get(variant);
    if (!answer) {
      const bytes = variant === 'not-modified' ? undefined : entryBodyNow(entry, variant);
      if (variant !== 'not-modified' && !bytes) return undefined; // that encoding is not compressed yet: Express compresses it
      const { status, headers, body } = cachedAnswer(entry, variant, 'hit', this.options.cacheControl, bytes);
      answer = { status, headers: Object.entries(headers).flat(), body };
      byVariant.set(variant, answer);
    }
    return answer;
  }

  /** One exact request as the pipeline sees it: GET or HEAD, host (and the proxy's, when trusted), URL; none with a personal cookie. */
  protected signature(req: IncomingMessage): string | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (cookieRole(req.headers.cookie) === 'personal') return undefined;
    // `originalUrl` once Express has the request; the raw URL before.
    const url = (req as Partial<Request>).originalUrl ?? req.url ?? '';
    return `${hostSignature(req, this.options.trustProxy)}\n${url}`;
  }
}
