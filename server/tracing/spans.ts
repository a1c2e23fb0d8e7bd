import type { Attributes, Span, Tracer } from '@opentelemetry/api';

/**
 * Our own spans (page cache, render, each upstream call) go through here. Until startTracing
 * hands over a tracer there is none: `inSpan` then only calls `fn`, so with tracing off the hot
 * paths pay one comparison and the OpenTelemetry API is not even loaded (type imports only).
 */
let tracer: Tracer | undefined;

export function setSpanTracer(active: Tracer | undefined): void {
  tracer = active;
}

/** OpenTelemetry's SpanStatusCode.ERROR, written out so this file loads nothing. */
const ERROR = 2;

/**
 * Runs `fn` in a span of its own (a child of the active one) that ends when `fn` returns or settles;
 * `describe` adds attributes from its value just before the end.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | undefined) => T,
  describe?: (value: Awaited<T>) => Attributes,
): T {
  if (!tracer) return fn(undefined);
  return tracer.startActiveSpan(name, { attributes }, (span) => {
    const fail = (err: unknown) => {
      span.setStatus({ code: ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
      throw err;
    };
    try {
      const value = fn(span);
      if (value instanceof Promise) {
        return value.then((v: Awaited<T>) => {
          if (describe) span.setAttributes(describe(v));
          span.end();
          return v;
        }, fail) as T;
      }
      if (describe) span.setAttributes(describe(value as Awaited<T>));
      span.end();
      return value;
    } catch (err) {
      return fail(err);
    }
  });
}
