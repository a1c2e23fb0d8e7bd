import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Metrics } from '../metrics.js';
import { inSpan } from '../tracing/spans.js';
import { UpstreamError, type UpstreamFailure } from './upstreamError.js';
import { sanitiseUpstreamBody } from './sanitiseUpstreamBody.js';
import type { Language } from '../../markets/schema.js';
import { guardBody, readBodyText, releaseBody } from './upstreamBody.js';
import { redactUrl } from '../logger.js';
import { trimTrailing } from '../../contracts/pagePath.js';

/** What a caller passes along from the shopper's request. */
export interface CallContext {
  requestId?: string;
  /** Aborted when the shopper goes away: the upstream call is then abandoned too. */
  signal?: AbortSignal;
  /** The page's language when it is not the market's first (Swedish on the Finnish site): searches answer their texts in it. */
  language?: Language;
  /** The shopper's client key (res.locals.clientKey): what the call makes a cache keep counts against its byte budget. */
  client?: string;
  /** Counts the shopper's request against its client's in-flight cap (server/http/clientLimits.ts): a cache calls it before work a hit spares. */
  claim?: () => Promise<void>;
}

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

export interface JsonCall<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  schema: S;
}

export interface RelayCall {
  path: string;
  headers?: Record<string, string>;
}

/** An answer whose body the caller passes on as it arrives; always read to the end or released. */
export interface RelayedAnswer {
  statusCode: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Readable;
}

export interface EventStreamCall {
  path: string;
  query?: JsonCall<z.ZodType>['query'];
  headers?: Record<string, string>;
}

const NEVER_ABORTED = new AbortController().signal;
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
const RETRYABLE_STATUS = new Set([502, 503, 504]);
const MAX_RETRIES = 2;

/**
 * HTTP to one upstream service: a keep-alive pool per origin, connect/headers/body timeouts, a
 * deadline per call, GET retried (twice at most, with jitter) on connection errors and 502/503/504,
 * never POST; every answer parsed with the contract schema; bodies always consumed.
 */
export class UpstreamHttp {
  private readonly pool: Pool;
  /**
   * Event streams stay open for minutes: on a pool of their own, without a connection cap, they
   * neither wait for each other nor starve the service's short calls.
   */
  private readonly streamPool: Pool;
  private readonly prefix: string;

  constructor(private readonly options: UpstreamHttpOptions) {
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

  /** One call, retries included, is one span named after the service (undici's spans, one per attempt, sit under it). */
  async json<S extends z.ZodType>(call: JsonCall<S>, ctx: CallContext = {}): Promise<z.output<S>> {
    return inSpan(`upstream ${this.options.service}`, this.spanAttributes(call.method, call.path), () =>
      this.jsonCall(call, ctx),
    );
  }

  private async jsonCall<S extends z.ZodType>(call: JsonCall<S>, ctx: CallContext): Promise<z.output<S>> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const signal = ctx.signal ? AbortSignal.any([deadline, ctx.signal]) : deadline;
    const retries = call.method === 'GET' ? MAX_RETRIES : 0;
    let lastFailure: UpstreamError | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const value = await this.once(call, ctx, signal);
          this.record('ok', started, ctx, call);
          return value;
        } catch (err) {
          const failure = this.classify(err, deadline, ctx.signal);
          // A retry the deadline cut short says less than the failure that caused it.
          if (lastFailure && failure.failure === 'upstream_timeout') throw lastFailure;
          if (attempt >= retries || !isRetryable(failure)) throw failure;
          lastFailure = failure;
          await sleep(50 * (attempt + 1) + Math.random() * 100, undefined, { signal }).catch(() => {
            throw failure;
          });
        }
      }
    } catch (err) {
      const failure = err instanceof UpstreamError ? err : this.classify(err, deadline, ctx.signal);
      this.record(failure.failure, started, ctx, call, failure);
      throw failure;
    }
  }

  /**
   * A long-lived `text/event-stream` GET: the deadline covers only the answer's headers (the body
   * may stay open as long as the caller reads it; `signal` ends it). Never retried. An error status
   * throws the same UpstreamError as `json`, with the sanitised body.
   */
  async openEventStream(call: EventStreamCall, ctx: CallContext = {}): Promise<Readable> {
    const request = {
      path: call.path + queryString(call.query),
      headers: { accept: 'text/event-stream', ...call.headers },
      bodyTimeout: 0,
    };
    return this.streamingCall(request, ctx, this.streamPool, async ({ statusCode, headers, body }) => {
      if (statusCode >= 400) throw await this.statusError(statusCode, headers, body);
      if (!String(headers['content-type'] ?? '').startsWith('text/event-stream')) {
        releaseBody(body);
        throw new UpstreamError(
          this.options.service,
          'upstream_bad_answer',
          `${this.options.service} answered something that is not an event stream`,
        );
      }
      return body;
    });
  }

  /**
   * A GET whose body is relayed, not parsed (media files). The deadline covers the answer's headers
   * and then each wait for the next chunk. `passStatuses` (e.g. 304, 404) come back as answers;
   * any other error status throws an UpstreamError, its body released.
   */
  async relay(call: RelayCall, passStatuses: readonly number[], ctx: CallContext = {}): Promise<RelayedAnswer> {
    return this.streamingCall(
      { path: call.path, headers: call.headers ?? {}, bodyTimeout: this.options.timeoutMs },
      ctx,
      this.pool,
      async (answer) => {
        if (answer.statusCode >= 400 && !passStatuses.includes(answer.statusCode))
          throw await this.statusError(answer.statusCode, answer.headers, answer.body);
        return answer;
      },
    );
  }

  /**
   * A GET whose body the caller reads on its own time: the deadline covers the answer up to `accept`
   * (headers, and an error body); after that only the caller's signal and `bodyTimeout` apply.
   */
  private async streamingCall<T>(
    request: { path: string; headers: Record<string, string>; bodyTimeout: number },
    ctx: CallContext,
    pool: Pool,
    accept: (answer: RelayedAnswer) => Promise<T>,
  ): Promise<T> {
    return inSpan(`upstream ${this.options.service}`, this.spanAttributes('GET', request.path), () =>
      this.streamingCallInSpan(request, ctx, pool, accept),
    );
  }

  private async streamingCallInSpan<T>(
    request: { path: string; headers: Record<string, string>; bodyTimeout: number },
    ctx: CallContext,
    pool: Pool,
    accept: (answer: RelayedAnswer) => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    const described = { method: 'GET' as const, path: request.path };
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.options.timeoutMs);
    const signal = ctx.signal ? AbortSignal.any([deadline.signal, ctx.signal]) : deadline.signal;
    try {
      const answer = await this.send(pool, {
        method: 'GET',
        path: this.prefix + request.path,
        headers: { ...(ctx.requestId ? { 'x-request-id': ctx.requestId } : {}), ...request.headers },
        signal,
        bodyTimeout: request.bodyTimeout,
      });
      const value = await accept(answer);
      this.record('ok', started, ctx, described);
      return value;
    } catch (err) {
      const failure = this.classify(err, deadline.signal, ctx.signal);
      this.record(failure.failure, started, ctx, described, failure);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Counts and logs a failure of an answer this client already gave (a relayed body cut off or stalled). */
  recordBodyFailure(err: unknown, path: string, ctx: CallContext = {}): void {
    const failure = this.classify(err, NEVER_ABORTED, ctx.signal);
    this.record(failure.failure, performance.now(), ctx, { method: 'GET', path }, failure);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.close(), this.streamPool.close()]);
  }

  private async once<S extends z.ZodType>(
    call: JsonCall<S>,
    ctx: CallContext,
    signal: AbortSignal,
  ): Promise<z.output<S>> {
    const { statusCode, headers, body } = await this.send(this.pool, {
      method: call.method,
      path: this.prefix + call.path + queryString(call.query),
      headers: {
        accept: 'application/json',
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(ctx.requestId ? { 'x-request-id': ctx.requestId } : {}),
        ...call.headers,
      },
      body: call.body !== undefined ? JSON.stringify(call.body) : null,
      signal,
    });
    if (statusCode >= 400) throw await this.statusError(statusCode, headers, body);
    const text = await this.readText(headers, body); // always consumed, so the connection goes back to the pool
    // A proxy's or load balancer's web page in front of a failing service is not the service's answer.
    if (text !== '' && !isJson(headers['content-type'])) {
      throw new UpstreamError(
        this.options.service,
        'upstream_bad_answer',
        `${this.options.service} answered something that is not JSON`,
      );
    }
    let json: unknown;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      throw new UpstreamError(
        this.options.service,
        'upstream_bad_answer',
        `${this.options.service} answered something that is not JSON`,
      );
    }
    const parsed = call.schema.safeParse(json);
    if (!parsed.success) {
      throw new UpstreamError(
        this.options.service,
        'upstream_bad_answer',
        `${this.options.service} answered an unexpected shape`,
      );
    }
    return parsed.data;
  }

  /** Every request goes out here, so every body is guarded from the moment it exists. */
  private async send(pool: Pool, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    const answer = await pool.request(options);
    guardBody(answer.body);
    return answer;
  }

  private async readText(headers: Dispatcher.ResponseData['headers'], body: Readable): Promise<string> {
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

  private async statusError(
    statusCode: number,
    headers: Dispatcher.ResponseData['headers'],
    body: Readable,
  ): Promise<UpstreamError> {
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

  private classify(err: unknown, deadline: AbortSignal, callerSignal: AbortSignal | undefined): UpstreamError {
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
  private spanAttributes(method: string, path: string) {
    return {
      'peer.service': this.options.service,
      'http.request.method': method,
      'url.path': this.prefix + path.split('?')[0],
    };
  }

  private record(
    outcome: 'ok' | UpstreamFailure,
    started: number,
    ctx: CallContext,
    call: Pick<JsonCall<z.ZodType>, 'method' | 'path'>,
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
}

function isRetryable(err: UpstreamError): boolean {
  return (
    err.failure === 'upstream_unreachable' ||
    (err.failure === 'upstream_status' && RETRYABLE_STATUS.has(err.upstreamStatus ?? 0))
  );
}

function causeOf(err: UpstreamError): string {
  if (err.failure !== 'upstream_status') return err.failure.replace('upstream_', '');
  return (err.upstreamStatus ?? 500) < 500 ? 'status_4xx' : 'status_5xx';
}

function isJson(contentType: string | string[] | undefined): boolean {
  return /^application\/([\w.-]+\+)?json\b/i.test(String(contentType ?? ''));
}

function queryString(query: JsonCall<z.ZodType>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
