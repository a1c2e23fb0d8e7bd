import type { Readable } from 'node:stream';
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics.js';
import { redactUrl } from '../logger.js';
import { trimTrailing } from '../../contracts/pagePath.js';
import { UpstreamError, type UpstreamFailure } from './upstreamError.js';
import { sanitiseUpstreamBody } from './sanitiseUpstreamBody.js';
import { guardBody, readBodyText, releaseBody } from './upstreamBody.js';

export interface UpstreamHttpOptions {
  service: string;
  baseUrl: string;
  connectTimeoutMs: number;
  /** Deadline for the whole call, retries included. */
  timeoutMs: number;
  /** The largest answer body read (JSON and error bodies); a larger one is a bad answer. */
  maxBodyBytes: number;
  /** Applied to every answer's text before it is parsed (originRewrite.ts). */
  rewrite?: (text: string) => string;
  logger: Logger;
  metrics: Metrics;
}

/** What every kind of call needs of the shopper's request: its id for the log, and the signal that abandons it. */
export interface CallTrace {
  requestId?: string;
  signal?: AbortSignal;
}

export type AnswerHeaders = Dispatcher.ResponseData['headers'];

/** Failures to connect at all: the request never left, so the service cannot have acted on it. */
const NOT_CONNECTED = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const errorCode = (err: unknown): string => {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return String(typeof code === 'string' ? code : (cause?.code ?? ''));
};

/**
 * The core every kind of call to one service shares (upstreamHttp.ts puts them together): its pools, the
 * sending with every body guarded, reading a bounded body, naming a failure, and one metric and log line per call.
 */
export class UpstreamConnection {
  readonly pool: Pool;
  /**
   * Event streams stay open for minutes: on a pool of their own, without a connection cap, they
   * neither wait for each other nor starve the service's short calls.
   */
  readonly streamPool: Pool;
  /** The base URL's path, put before every call's path. */
  readonly prefix: string;

  constructor(readonly options: UpstreamHttpOptions) {
    const base = new URL(options.baseUrl);
    this.prefix = trimTrailing(base.pathname, '/');
    this.pool = new Pool(base.origin, {
      connections: 128,
      connect: { timeout: options.connectTimeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 10_000,
    });
    this.streamPool = new Pool(base.origin, {
      connections: null,
      connect: { timeout: options.connectTimeoutMs },
      keepAliveTimeout: 1_000,
    });
  }

  get service(): string {
    return this.options.service;
  }

  /** Every request goes out here, so every body is guarded from the moment it exists. */
  async send(pool: Pool, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    const answer = await pool.request(options);
    guardBody(answer.body);
    return answer;
  }

  /** The answer's text, at most `maxBodyBytes` (a larger one is a bad answer), rewritten as configured. */
  async readText(headers: AnswerHeaders, body: Readable): Promise<string> {
    const { service, maxBodyBytes } = this.options;
    const tooLarge = () =>
      new UpstreamError(service, 'upstream_bad_answer', `${service} answered more than ${maxBodyBytes} bytes`);
    if (Number(headers['content-length'] ?? 0) > maxBodyBytes) {
      releaseBody(body);
      throw tooLarge();
    }
    const text = await readBodyText(body, maxBodyBytes, tooLarge);
    return this.options.rewrite ? this.options.rewrite(text) : text;
  }

  /** The failure an error status stands for, its body read (when small enough) and sanitised for the log. */
  async statusError(statusCode: number, headers: AnswerHeaders, body: Readable): Promise<UpstreamError> {
    const { service } = this.options;
    // An error body too large is left out; one that breaks off fails the call like any cut answer.
    const text = await this.readText(headers, body).catch((err: unknown) => {
      if (err instanceof UpstreamError) return '';
      throw err;
    });
    const message =
      statusCode >= 500 ? `The ${service} service failed; try again shortly` : `${service} answered ${statusCode}`;
    return new UpstreamError(service, 'upstream_status', message, statusCode, sanitiseUpstreamBody(text));
  }

  badAnswer(what: string): UpstreamError {
    return new UpstreamError(this.service, 'upstream_bad_answer', `${this.service} answered ${what}`);
  }

  /** What went wrong, as the API tells it: the deadline passed, the caller went away, or no connection. */
  classify(err: unknown, deadline: AbortSignal, callerSignal: AbortSignal | undefined): UpstreamError {
    const { service } = this.options;
    if (err instanceof UpstreamError) return err;
    if (
      deadline.aborted ||
      err instanceof undiciErrors.HeadersTimeoutError ||
      err instanceof undiciErrors.BodyTimeoutError
    ) {
      return new UpstreamError(service, 'upstream_timeout', `${service} did not answer in time`);
    }
    if (callerSignal?.aborted)
      return new UpstreamError(service, 'upstream_unreachable', `${service} call abandoned: the caller went away`);
    return new UpstreamError(
      service,
      'upstream_unreachable',
      `${service} could not be reached`,
      undefined,
      undefined,
      NOT_CONNECTED.has(errorCode(err)),
    );
  }

  /** `peer.service` names the upstream (OpenTelemetry's attribute for the remote service); the path without its query. */
  spanAttributes(method: string, path: string) {
    return {
      'peer.service': this.options.service,
      'http.request.method': method,
      'url.path': this.prefix + path.split('?')[0],
    };
  }

  /** One call's latency and outcome in the metrics, and its log line (a warning when it failed). */
  record(
    outcome: 'ok' | UpstreamFailure,
    started: number,
    ctx: CallTrace,
    call: { method: string; path: string },
    err?: UpstreamError,
  ): void {
    const latencyMs = Math.round(performance.now() - started);
    const label = outcome === 'ok' ? 'ok' : outcome.replace('upstream_', '');
    this.options.metrics.upstreamCalls.observe({ service: this.options.service, outcome: label }, latencyMs / 1000);
    if (err) this.options.metrics.upstreamErrors.inc({ service: this.options.service, cause: causeOf(err) });
    const line = {
      service: this.options.service,
      method: call.method,
      path: redactUrl(call.path),
      outcome: label,
      latencyMs,
      requestId: ctx.requestId,
    };
    if (err)
      this.options.logger.warn(
        { ...line, upstreamStatus: err.upstreamStatus, upstreamBody: err.upstreamBody },
        'upstream call failed',
      );
    else this.options.logger.debug(line, 'upstream call');
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.close(), this.streamPool.close()]);
  }
}

function causeOf(err: UpstreamError): string {
  if (err.failure !== 'upstream_status') return err.failure.replace('upstream_', '');
  return (err.upstreamStatus ?? 500) < 500 ? 'status_4xx' : 'status_5xx';
}

export type QueryValues = Record<string, string | number | boolean | undefined>;

/** `?a=1&b=2` of the values that are set; '' when none is. */
export function queryString(query: QueryValues | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
