import { z } from 'zod';
import { flag, httpUrl, millis, port } from './envTypes.js';

/** The process itself: where it listens, how it logs and traces, which hosts it answers, how it stops. */
export const servingSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Prometheus scrapes here (a listener of its own, not reachable through the market hosts); unset: no /metrics.
  METRICS_PORT: port.optional(),
  // The upstreams are the sandbox's (npm start sets it; scripts/withSandbox.ts): the development hosts answer in production too.
  SANDBOX: flag.default(false),
  SHUTDOWN_GRACE_MS: millis(10_000),
  // The development index page on bare localhost (links to every market's host); default: on outside production.
  DEV_INDEX_PAGE: flag.optional(),
  // The markets' *.localhost hosts; default: on outside production and with the sandbox (npm start).
  DEV_HOSTS: flag.optional(),
  // Directory of the redirect tables (<market>.txt); another one lets the redirects check try a changed table.
  REDIRECTS_DIR: z.string().min(1).default('redirects'),
  // OpenTelemetry traces over OTLP (protobuf over HTTP); unset: no tracing is loaded at all.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'expected letters, digits, . _ -')
    .default('auto-retail-bff'),
});

export function servingSettings(e: z.infer<typeof servingSchema>) {
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    /** Serve the page listing every market's development host on bare `localhost`. */
    devIndexPage: e.DEV_INDEX_PAGE ?? e.NODE_ENV !== 'production',
    /**
     * Whether the markets' development hosts (se.localhost) are served. A deployment answers only its real hostnames:
     * a client naming `se.localhost:<any port>` would otherwise get pages and sitemaps built, and cached, for an origin
     * of its choosing.
     */
    devHosts: e.DEV_HOSTS ?? (e.NODE_ENV !== 'production' || e.SANDBOX),
    logLevel: e.LOG_LEVEL,
    /** The operator's /metrics listener; undefined: none. */
    metricsPort: e.METRICS_PORT,
    redirectsDir: e.REDIRECTS_DIR,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** Traces are exported here (OTLP/HTTP base URL) when set; off otherwise. */
    tracing: { otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
  };
}
