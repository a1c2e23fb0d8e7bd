import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { inSpan } from '../tracing/spans.js';
import type { Language } from '../../markets/schema.js';
import { jsonCall, type JsonCall } from './jsonCall.js';
import { openEventStream, relay, type EventStreamCall, type RelayCall, type RelayedAnswer } from './streamingCalls.js';
import { UpstreamConnection, type UpstreamHttpOptions } from './upstreamConnection.js';

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

const NEVER_ABORTED = new AbortController().signal;

/**
 * HTTP to one upstream service, the three kinds of call its client makes: JSON (jsonCall.ts: deadline,
 * retries of reads, the contract's schema), an event stream and a relayed body (streamingCalls.ts), over
 * one connection core (upstreamConnection.ts: keep-alive pools, timeouts, bodies always consumed, one metric
 * and log line per call). Each call, retries included, is one span named after the service.
 */
export class UpstreamHttp {
  private readonly connection: UpstreamConnection;

  constructor(options: UpstreamHttpOptions) {
    this.connection = new UpstreamConnection(options);
  }

  json<S extends z.ZodType>(call: JsonCall<S>, ctx: CallContext = {}): Promise<z.output<S>> {
    return this.inSpan(call.method, call.path, () => jsonCall(this.connection, call, ctx));
  }

  openEventStream(call: EventStreamCall, ctx: CallContext = {}): Promise<Readable> {
    return this.inSpan('GET', call.path, () => openEventStream(this.connection, call, ctx));
  }

  relay(call: RelayCall, passStatuses: readonly number[], ctx: CallContext = {}): Promise<RelayedAnswer> {
    return this.inSpan('GET', call.path, () => relay(this.connection, call, passStatuses, ctx));
  }

  /** Counts and logs a failure of an answer this client already gave (a relayed body cut off or stalled). */
  recordBodyFailure(err: unknown, path: string, ctx: CallContext = {}): void {
    const failure = this.connection.classify(err, NEVER_ABORTED, ctx.signal);
    this.connection.record(failure.failure, performance.now(), ctx, { method: 'GET', path }, failure);
  }

  close(): Promise<void> {
    return this.connection.close();
  }

  /** undici's spans, one per attempt, sit under this one. */
  private inSpan<T>(method: string, path: string, call: () => Promise<T>): Promise<T> {
    return inSpan(`upstream ${this.connection.service}`, this.connection.spanAttributes(method, path), call);
  }
}
