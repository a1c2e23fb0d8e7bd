import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { UpstreamError } from './upstreamError.js';
import { queryString, type CallTrace, type QueryValues, type UpstreamConnection } from './upstreamConnection.js';

export interface JsonCall<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: QueryValues;
  body?: unknown;
  headers?: Record<string, string>;
  schema: S;
  /** A read sent as a POST (a search): safe to send again, so retried as a GET is. */
  idempotent?: true;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const MAX_RETRIES = 2;

/**
 * A JSON call within the service's deadline (retries included): a read (GET, or a POST marked idempotent) retried
 * twice at most, with jitter, on connection errors and 502/503/504, never a write; the answer parsed with the
 * contract's schema.
 */
export async function jsonCall<S extends z.ZodType>(
  connection: UpstreamConnection,
  call: JsonCall<S>,
  ctx: CallTrace,
): Promise<z.output<S>> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(connection.options.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([deadline, ctx.signal]) : deadline;
  const retries = call.method === 'GET' || call.idempotent ? MAX_RETRIES : 0;
  let lastFailure: UpstreamError | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const value = await once(connection, call, ctx, signal);
        connection.record('ok', started, ctx, call);
        return value;
      } catch (err) {
        const failure = connection.classify(err, deadline, ctx.signal);
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
    const failure = err instanceof UpstreamError ? err : connection.classify(err, deadline, ctx.signal);
    connection.record(failure.failure, started, ctx, call, failure);
    throw failure;
  }
}

async function once<S extends z.ZodType>(
  connection: UpstreamConnection,
  call: JsonCall<S>,
  ctx: CallTrace,
  signal: AbortSignal,
): Promise<z.output<S>> {
  const { statusCode, headers, body } = await connection.send(connection.pool, {
    method: call.method,
    path: connection.prefix + call.path + queryString(call.query),
    headers: {
      accept: 'application/json',
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(ctx.requestId ? { 'x-request-id': ctx.requestId } : {}),
      ...call.headers,
    },
    body: call.body !== undefined ? JSON.stringify(call.body) : null,
    signal,
  });
  if (statusCode >= 400) throw await connection.statusError(statusCode, headers, body);
  const text = await connection.readText(headers, body); // always consumed, so the connection goes back to the pool
  // A proxy's or load balancer's web page in front of a failing service is not the service's answer.
  if (text !== '' && !isJson(headers['content-type'])) throw connection.badAnswer('something that is not JSON');
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    throw connection.badAnswer('something that is not JSON');
  }
  const parsed = call.schema.safeParse(json);
  if (!parsed.success) throw connection.badAnswer('an unexpected shape');
  return parsed.data;
}

function isRetryable(err: UpstreamError): boolean {
  return (
    err.failure === 'upstream_unreachable' ||
    (err.failure === 'upstream_status' && RETRYABLE_STATUS.has(err.upstreamStatus ?? 0))
  );
}

function isJson(contentType: string | string[] | undefined): boolean {
  return /^application\/([\w.-]+\+)?json\b/i.test(String(contentType ?? ''));
}
