import type { Readable } from 'node:stream';
import type { Pool } from 'undici';
import { releaseBody } from './upstreamBody.js';
import {
  queryString,
  type AnswerHeaders,
  type CallTrace,
  type QueryValues,
  type UpstreamConnection,
} from './upstreamConnection.js';

export interface RelayCall {
  path: string;
  headers?: Record<string, string>;
}

/** An answer whose body the caller passes on as it arrives; always read to the end or released. */
export interface RelayedAnswer {
  statusCode: number;
  headers: AnswerHeaders;
  body: Readable;
}

export interface EventStreamCall {
  path: string;
  query?: QueryValues;
  headers?: Record<string, string>;
}

/**
 * A long-lived `text/event-stream` GET: the deadline covers only the answer's headers (the body
 * may stay open as long as the caller reads it; `signal` ends it). Never retried. An error status
 * throws the same UpstreamError as a JSON call, with the sanitised body.
 */
export function openEventStream(connection: UpstreamConnection, call: EventStreamCall, ctx: CallTrace) {
  const request = {
    path: call.path + queryString(call.query),
    headers: { accept: 'text/event-stream', ...call.headers },
    bodyTimeout: 0,
  };
  return streamingCall(connection, request, ctx, connection.streamPool, async ({ statusCode, headers, body }) => {
    if (statusCode >= 400) throw await connection.statusError(statusCode, headers, body);
    if (!String(headers['content-type'] ?? '').startsWith('text/event-stream')) {
      releaseBody(body);
      throw connection.badAnswer('something that is not an event stream');
    }
    return body;
  });
}

/**
 * A GET whose body is relayed, not parsed (media files). The deadline covers the answer's headers
 * and then each wait for the next chunk. `passStatuses` (e.g. 304, 404) come back as answers;
 * any other error status throws an UpstreamError, its body released.
 */
export function relay(
  connection: UpstreamConnection,
  call: RelayCall,
  passStatuses: readonly number[],
  ctx: CallTrace,
): Promise<RelayedAnswer> {
  const request = { path: call.path, headers: call.headers ?? {}, bodyTimeout: connection.options.timeoutMs };
  return streamingCall(connection, request, ctx, connection.pool, async (answer) => {
    if (answer.statusCode >= 400 && !passStatuses.includes(answer.statusCode))
      throw await connection.statusError(answer.statusCode, answer.headers, answer.body);
    return answer;
  });
}

/**
 * A GET whose body the caller reads on its own time: the deadline covers the answer up to `accept`
 * (headers, and an error body); after that only the caller's signal and `bodyTimeout` apply.
 */
async function streamingCall<T>(
  connection: UpstreamConnection,
  request: { path: string; headers: Record<string, string>; bodyTimeout: number },
  ctx: CallTrace,
  pool: Pool,
  accept: (answer: RelayedAnswer) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const described = { method: 'GET', path: request.path };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), connection.options.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([deadline.signal, ctx.signal]) : deadline.signal;
  try {
    const answer = await connection.send(pool, {
      method: 'GET',
      path: connection.prefix + request.path,
      headers: { ...(ctx.requestId ? { 'x-request-id': ctx.requestId } : {}), ...request.headers },
      signal,
      bodyTimeout: request.bodyTimeout,
    });
    const value = await accept(answer);
    connection.record('ok', started, ctx, described);
    return value;
  } catch (err) {
    const failure = connection.classify(err, deadline.signal, ctx.signal);
    connection.record(failure.failure, started, ctx, described, failure);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}
