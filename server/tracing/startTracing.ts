// Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (server/main.ts), before anything imports
// express, node:http or undici: with tracing off, none of this is loaded or registered.
import { register } from 'node:module';
import { context, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Config } from '../config.js';
import { setSpanTracer } from './spans.js';

/** Paths whose traces say nothing: probes every few seconds and the metrics scrape. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * OpenTelemetry's Node SDK: W3C trace context in and out (`traceparent`), a server span per request
 * (http), a span per Express middleware and route (express), a client span per upstream request
 * with `traceparent` sent on it (undici, through its diagnostics channels), and our own spans
 * (spans.ts); batched and sent over OTLP (protobuf over HTTP) to `<endpoint>/v1/traces`.
 * Returns the pino mixin that puts the active trace on every log line, and the function that
 * flushes and stops tracing at shutdown.
 */
export function startTracing(settings: Config['tracing']): { logMixin: () => object; stop: () => Promise<void> } {
  // Express is imported from ESM: its patching needs import-in-the-middle's loader hook, registered
  // before the import. Only the modules instrumented are wrapped; every other module loads untouched.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['express', 'node:http', 'http'] },
  });

  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName })),
    // The endpoint (and any OTEL_EXPORTER_OTLP_HEADERS) are read from the environment by the exporter.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register(); // AsyncLocalStorage context and the W3C traceparent/baggage propagators
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(req.url ?? ''),
        // Upstream calls go through undici; node:http clients here are only the exporter's own.
        disableOutgoingRequestInstrumentation: true,
      }),
      new ExpressInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  setSpanTracer(trace.getTracer('auto-retail-bff'));
  return {
    // The same fields as OpenTelemetry's pino instrumentation, without patching pino's module.
    logMixin: () => {
      const span = trace.getSpan(context.active())?.spanContext();
      return span
        ? { trace_id: span.traceId, span_id: span.spanId, trace_flags: `0${span.traceFlags.toString(16)}` }
        : {};
    },
    stop: async () => {
      setSpanTracer(undefined);
      await provider.shutdown();
    },
  };
}
