import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Lifecycle } from '../http/lifecycle.js';
import type { ProxyTrust } from '../http/proxyTrust.js';
import { logAnswer, requestIdFor } from '../http/requestLogging.js';
import type { Metrics } from '../metrics.js';
import type { StoreBudget } from './storeBudgets.js';
import { TieredStore } from './tieredStore.js';

/** Headers as `writeHead` takes them flat: `[name, value, name, value, ...]`. */
export type FlatHeaders = readonly (string | number)[];

/** What a cache answers a learned request with: its own headers (the pipeline's are added) and body. */
export interface FastAnswer {
  status: number;
  headers: FlatHeaders;
  /** Left out for HEAD. */
  body: Buffer | undefined;
}

/** Headers set per answer by every fast path's answers (the connection's, the request's, the body's): never replayed. */
const PER_ANSWER_ALWAYS = [
  'x-request-id',
  'connection',
  'keep-alive',
  'date',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-cache',
  'etag',
];

export interface FastPathOptions {
  /** The route label in /metrics, as the full pipeline gives these answers. */
  route: string;
  /** Headers this cache sets per answer beside PER_ANSWER_ALWAYS, never replayed from the one learned. */
  perAnswer: readonly string[];
  /** Counts a hit in the cache's own metrics. */
  hit: () => void;
  lifecycle: Lifecycle;
  metrics: Metrics;
  logger: Logger;
  /** Estimated heap bytes of learned requests. */
  learnedMaxBytes: number;
  /** What a client may make us keep (its store's budget): each request learned is charged to the client who sent it. */
  budget?: StoreBudget;
}

/** What the full pipeline decided for one exact request: the cache's key, and the headers it set before the answer's own. */
interface Learned {
  key: string;
  /** Security headers and the like: the same for every answer to this request. */
  pipelineHeaders: FlatHeaders;
}

/**
 * Cached answers sent before Express sees the request: the shell the page cache, the search cache and
 * the picture variants share, each giving its request signature and its answer. It decides nothing of
 * its own: it repeats what the full pipeline (market, redirects, bypass rules, security headers...)
 * answered for this exact request, which it learns when that pipeline sends an answer the cache keeps.
 * A request not learned, an answer no longer held here, or a stopping process goes to Express.
 */
export abstract class FastPath {
  /** Bounded by the characters of signatures and keys: requests that differ only in junk are learned one by one. */
  private readonly learned: TieredStore<Learned>;
  private readonly pipelineHeaders: LearnedHeaders;

  constructor(private readonly shell: FastPathOptions) {
    // Estimated on the heap: two bytes a character (a string with any character past Latin-1 takes two).
    this.learned = new TieredStore<Learned>({
      here: {
        maxBytes: shell.learnedMaxBytes,
        sizeOf: (learned, signature) => 2 * (signature.length + learned.key.length),
      },
      bytesOf: (learned) => 2 * learned.key.length,
      ...(shell.budget ? { budget: shell.budget } : {}),
    });
    this.pipelineHeaders = new LearnedHeaders(new Set([...PER_ANSWER_ALWAYS, ...shell.perAnswer]));
  }

  /** One exact request as the pipeline sees it (the body, where the answer depends on it); undefined: never answered here. */
  protected abstract signature(req: IncomingMessage, body?: Buffer): string | undefined;

  /** The answer for a learned key when this process holds it fresh; undefined sends the request to Express. */
  protected abstract answerFor(req: IncomingMessage, key: string): FastAnswer | undefined;

  /** Estimated heap bytes of the requests learned (/metrics). */
  get learnedBytes(): number {
    return this.learned.here.bytes;
  }

  /** Its phase of the request pipeline (server/http/requestPipeline.ts): the answer held here, or `next()`. */
  run(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (!this.send(req, res)) next();
  }

  /**
   * Called as the full pipeline sends an answer kept under `key`, once every header but the answer's
   * own is set. Learned within the client's budget: one client must not push everyone else's out.
   */
  protected learnAnswer(req: IncomingMessage, res: Response, key: string, body?: Buffer): void {
    const signature = this.signature(req, body);
    if (signature === undefined || this.learned.here.get(signature)?.key === key) return;
    const client = (res.locals as Partial<Response['locals']>).clientKey;
    if (client !== undefined && this.learned.spent(client)) return;
    // The pipeline's headers are read now, while they are this answer's.
    const learned: Learned = { key, pipelineHeaders: this.pipelineHeaders.of(res) };
    // Charged as the store charges every entry: the signature is its key.
    void this.learned.keep(signature, learned, client === undefined ? {} : { client }).catch(() => undefined);
  }

  /** Sends the answer and returns true when this request is learned and its answer is held here. */
  protected send(req: IncomingMessage, res: ServerResponse, body?: Buffer): boolean {
    if (this.shell.lifecycle.state !== 'ready') return false;
    const signature = this.signature(req, body);
    const learned = signature === undefined ? undefined : this.learned.here.get(signature);
    const answer = learned && this.answerFor(req, learned.key);
    if (!learned || !answer) return false;
    const started = performance.now();
    const requestId = requestIdFor(req);
    res.once('finish', () => {
      this.shell.metrics.httpRequests.observe(
        { route: this.shell.route, method: req.method ?? 'GET', status: String(answer.status) },
        (performance.now() - started) / 1000,
      );
      logAnswer(this.shell.logger, req, req.url ?? '', requestId, answer.status, started);
    });
    res.writeHead(answer.status, learned.pipelineHeaders.concat(answer.headers, 'x-request-id', requestId));
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    this.shell.hit();
    return true;
  }
}

/**
 * The headers the full pipeline set on an answer (security headers and the like), to send again with
 * a later answer to the same request. Names in `perAnswer` are left out: they are set for each answer,
 * never replayed. Each distinct list is kept once: they are nearly all alike.
 */
class LearnedHeaders {
  private readonly lists = new Map<string, FlatHeaders>();

  constructor(private readonly perAnswer: ReadonlySet<string>) {}

  of(res: ServerResponse): FlatHeaders {
    const flat: (string | number)[] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (this.perAnswer.has(name) || value === undefined) continue;
      flat.push(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const id = flat.join('\n');
    const known = this.lists.get(id);
    if (known) return known;
    if (this.lists.size >= 100) this.lists.clear();
    this.lists.set(id, flat);
    return flat;
  }
}

/**
 * The part of a fast path's request signature that decides the market and the site's origin: the
 * Host header, and the host and protocol as the trusted proxies report them (the one reading, proxyTrust.ts).
 */
export function hostSignature(req: IncomingMessage, trustProxy: ProxyTrust): string {
  const client = trustProxy.client(req);
  return `${req.headers.host ?? ''}\n${client.host ?? ''}\n${client.proto}`;
}
