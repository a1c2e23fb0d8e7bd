import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { ProxyTrust } from '../../http/proxyTrust.js';
import { FastPath, hostSignature, type FastAnswer, type FastPathOptions } from '../../store/fastPath.js';
import type { PictureMetrics } from '../pictureMetrics.js';
import type { MadeVariant } from '../transform/transformPicture.js';

/** The route label of a variant's answer in /metrics, whichever way it was answered. */
export const VARIANT_ROUTE = 'media_variant';

/** Set per answer (or per variant) beside the shell's own (server/store/fastPath.ts), never replayed. */
const PER_ANSWER = ['content-type'];

/** If-None-Match names the variant's ETag (or `*`): weak comparison, as RFC 9110 asks of it. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Picture variants this process holds, sent before Express sees the request (the shell:
 * server/store/fastPath.ts): what the full pipeline (security headers, market, redirects, the
 * allow-list, the format for this Accept, Cache-Control) answered for this exact request, learned when
 * that pipeline sent a variant it keeps; only the ETag's 304 is worked out again.
 */
export class VariantFastPath extends FastPath {
  constructor(
    private readonly options: Omit<FastPathOptions, 'route' | 'perAnswer' | 'hit'> & {
      /** The variant this process holds under a key, if it still does. */
      held: (key: string) => MadeVariant | undefined;
      trustProxy: ProxyTrust;
      pictureMetrics: PictureMetrics;
    },
  ) {
    super({
      ...options,
      route: VARIANT_ROUTE,
      perAnswer: PER_ANSWER,
      hit: () => options.pictureMetrics.answered('hit', false),
    });
  }

  /**
   * Called by the pipeline as it sends a variant it keeps under `key`, once every header but the
   * variant's own (ETag, type, length, X-Cache) is set.
   */
  learn(req: Request, res: Response, key: string): void {
    this.learnAnswer(req, res, key);
  }

  protected answerFor(req: IncomingMessage, key: string): FastAnswer | undefined {
    const made = this.options.held(key);
    if (!made) return undefined;
    if (notModified(req.headers['if-none-match'], made.etag))
      return { status: 304, headers: ['etag', made.etag, 'x-cache', 'hit', 'content-length', 0], body: undefined };
    return {
      status: 200,
      headers: [
        'etag',
        made.etag,
        'x-cache',
        'hit',
        'content-type',
        made.contentType,
        'content-length',
        made.body.length,
      ],
      body: made.body,
    };
  }

  /** One exact request as the pipeline sees it: GET or HEAD, host (and the proxy's, when trusted), URL, and the Accept its format is chosen by. */
  protected signature(req: IncomingMessage): string | undefined {
    // `originalUrl` once Express has the request; the raw URL before. Cheap refusals first: this runs before every request.
    const url = (req as Partial<Request>).originalUrl ?? req.url ?? '';
    if (!url.startsWith('/media/') || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
    return `${hostSignature(req, this.options.trustProxy)}\n${url}\n${req.headers.accept ?? ''}`;
  }
}
