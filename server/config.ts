import { z } from 'zod';
import { parseTrustProxy, ProxyTrust, type TrustProxySetting } from './http/proxyTrust.js';
import {
  RATE_LIMIT_DEFAULTS,
  rateLimitEnvName,
  type RateLimitName,
  type RateLimitWindow,
} from './security/rateLimits.js';
import {
  STORE_BUDGET_DEFAULTS,
  storeBudgetEnvName,
  type StoreBudgetName,
  type StoreBudgetWindow,
} from './store/storeBudgets.js';
import { IMAGE_URL_TEMPLATE, MAP_TILE_URL, urlTemplateProblem, type UrlTemplateKind } from './http/urlTemplate.js';
import { cgroupMemoryLimitBytes, memoryBudget, type MemoryBudget } from './memoryBudget.js';

/**
 * Every setting the process reads, from environment variables only, parsed once at start-up.
 * Listed with defaults in docs/configuration.md (test/unit/docsMatchCode.test.ts keeps the two in step).
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number({ message: 'expected a port number' }).int('expected a whole number').min(0).max(65535);
const millisecondsSchema = z.coerce
  .number({ message: 'expected milliseconds' })
  .int('expected whole milliseconds')
  .min(1)
  .max(600_000);
const millis = (fallback: number) => (fallback > 0 ? millisecondsSchema.default(fallback) : millisecondsSchema);
const seconds = z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400);
const httpUrl = z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional();
/** A URL template of its kind (server/http/urlTemplate.ts), refused at start with the reason it would break pages. */
const urlTemplate = (kind: UrlTemplateKind) =>
  z
    .string()
    .max(500)
    .superRefine((text, ctx) => {
      const problem = urlTemplateProblem(text, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: `expected ${kind.expected}: ${problem}` });
    });

/** libaom's effort for production's AVIFs (IMAGE_AVIF_EFFORT), which the audit measures with too. */
export const DEFAULT_AVIF_EFFORT = 4;
export const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Express's `trust proxy` forms without 'trust everything' (server/http/proxyTrust.ts).
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxySetting => {
      const parsed = parseTrustProxy(value);
      if ('setting' in parsed) return parsed.setting;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  // Key prefix of every rate-limit counter in Redis: deployments (or test processes) sharing one Redis count apart.
  RATE_LIMIT_REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'expected letters, digits, : . _ -')
    .default('bff:rl:'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'expected a redis:// or rediss:// URL' }).optional(),
  UPSTREAM_SEARCH_URL: httpUrl,
  UPSTREAM_CONTENT_URL: httpUrl,
  UPSTREAM_MECHMATE_URL: httpUrl,
  UPSTREAM_TIREHOTEL_URL: httpUrl,
  UPSTREAM_COMHUB_URL: httpUrl,
  UPSTREAM_CODEWEAVER_URL: httpUrl,
  UPSTREAM_MAPS_URL: httpUrl,
  UPSTREAM_MEDIA_URL: httpUrl,
  UPSTREAM_CONNECT_TIMEOUT_MS: millis(2_000),
  UPSTREAM_TIMEOUT_MS: millis(5_000),
  // Per-service deadlines; each falls back to UPSTREAM_TIMEOUT_MS.
  UPSTREAM_SEARCH_TIMEOUT_MS: millis(0).optional(),
  UPSTREAM_CONTENT_TIMEOUT_MS: millis(0).optional(),
  UPSTREAM_MECHMATE_TIMEOUT_MS: millis(0).optional(),
  UPSTREAM_TIREHOTEL_TIMEOUT_MS: millis(0).optional(),
  UPSTREAM_COMHUB_TIMEOUT_MS: millis(0).optional(),
  UPSTREAM_CODEWEAVER_TIMEOUT_MS: millis(0).optional(),
  UPSTREAM_MAPS_TIMEOUT_MS: millis(0).optional(),
  UPSTREAM_MEDIA_TIMEOUT_MS: millis(0).optional(),
  // The largest JSON answer read from an upstream, and the largest media file relayed (bytes).
  UPSTREAM_MAX_BODY_BYTES: z.coerce
    .number({ message: 'expected bytes' })
    .int()
    .min(1024)
    .max(1_073_741_824)
    .default(8 * 1024 * 1024),
  MEDIA_MAX_BYTES: z.coerce
    .number({ message: 'expected bytes' })
    .int()
    .min(1024)
    .max(4_294_967_296)
    .default(100 * 1024 * 1024),
  SEARCH_CACHE_TTL_S: z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400).default(60),
  SEARCH_CACHE_SWR_S: z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400).default(300),
  // Put before the search cache's keys in Redis (`search:v1:<index>:<hash>`), so deployments (or tests) sharing a Redis stay apart.
  SEARCH_CACHE_REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{0,64}$/, 'expected letters, digits, : . _ -')
    .default(''),
  SANDBOX_PORT: port.default(3100),
  // Prometheus scrapes here (a listener of its own, not reachable through the market hosts); unset: no /metrics.
  METRICS_PORT: port.optional(),
  // Fault injection for the embedded sandbox (syntax in sandbox/README.md), for demos and tests.
  SANDBOX_FAULT: z.string().max(500).default(''),
  // Production never falls back to the in-memory sandbox by accident (real leads would vanish into it).
  SANDBOX: flag.default(false),
  SHUTDOWN_GRACE_MS: millis(10_000),
  // Page cache (server/pageCache/): anonymous pages as finished, precompressed bytes.
  PAGE_CACHE: flag.default(true),
  PAGE_CACHE_TTL_S: seconds.default(30),
  PAGE_CACHE_SWR_S: seconds.default(300),
  // Where pages live in Redis; the purge channel is named after it, so separate deployments (or tests) sharing a Redis stay apart.
  PAGE_CACHE_REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'expected letters, digits, : . _ -')
    .default('bff:page:v1:'),
  // Replaces the page cache's share of MEMORY_BUDGET_MB.
  PAGE_CACHE_MAX_MB: z.coerce.number({ message: 'expected megabytes' }).int().min(1).max(4_096).optional(),
  // What the process may use in all; every cache takes a share (server/memoryBudget.ts). Default: the cgroup limit, else 256.
  MEMORY_BUDGET_MB: z.coerce.number({ message: 'expected megabytes' }).int().min(128).max(65_536).optional(),
  // What a CDN or other shared cache is told (s-maxage, stale-while-revalidate) about a cached page.
  PAGE_CDN_MAX_AGE_S: seconds.default(30),
  PAGE_CDN_SWR_S: seconds.default(300),
  // HMAC-SHA256 key of POST /api/content/webhook (purge on publish); unset: the webhook answers 404.
  CONTENT_WEBHOOK_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  // The development index page on bare localhost (links to every market's host); default: on outside production.
  DEV_INDEX_PAGE: flag.optional(),
  // The markets' *.localhost hosts; default: on outside production and with the sandbox (npm start).
  DEV_HOSTS: flag.optional(),
  // Workshop event stream (GET /api/mechmate/departments/closestAvailable).
  WORKSHOP_STREAM_IDLE_TIMEOUT_MS: millis(20_000),
  WORKSHOP_STREAM_HEARTBEAT_MS: millis(15_000),
  WORKSHOP_STREAM_RETRY_MS: millis(3_000),
  // Workshop streams open at once in this process, from every client together (each holds an upstream connection); more is 503.
  WORKSHOP_STREAM_MAX_OPEN: z.coerce
    .number({ message: 'expected a count' })
    .int('expected a whole number')
    .min(1)
    .max(100_000)
    .default(500),
  // Map tiles for the booking and site maps: a {z}/{x}/{y} template. The default is the maps
  // service's own tiles through the /media relay (the sandbox draws simple ones, so maps work offline).
  MAP_TILE_URL: urlTemplate(MAP_TILE_URL).default('/media/map-tiles/{z}/{x}/{y}.svg'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('sandbox'),
  // An image CDN instead of the built-in /media pipeline: a URL template with {width}, {quality} and
  // {src} (the original's absolute URL on this site) or {path} (its path under /media). Unset: /media.
  IMAGE_URL_TEMPLATE: urlTemplate(IMAGE_URL_TEMPLATE).optional(),
  // The picture pipeline (server/media/, docs/pictures.md): an original larger than this many bytes or
  // pixels is never decoded; variants are shared through Redis up to IMAGE_STORE_MAX_MB in all, each kept
  // IMAGE_STORE_TTL_S; transforms beyond the ones running (one per core) wait in IMAGE_TRANSFORM_QUEUE places shared
  // fairly by client, and one with no place there waits IMAGE_TRANSFORM_WAIT_MS for one, then 503.
  IMAGE_MAX_INPUT_BYTES: z.coerce
    .number({ message: 'expected bytes' })
    .int()
    .min(1024)
    .max(268_435_456)
    .default(16 * 1024 * 1024),
  IMAGE_MAX_INPUT_PIXELS: z.coerce
    .number({ message: 'expected a pixel count' })
    .int()
    .min(1024)
    .max(268_402_689)
    .default(16_777_216),
  IMAGE_STORE_MAX_MB: z.coerce.number({ message: 'expected megabytes' }).int().min(1).max(65_536).default(64),
  IMAGE_STORE_TTL_S: z.coerce.number({ message: 'expected seconds' }).int().min(60).max(2_592_000).default(86_400),
  IMAGE_STORE_REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'expected letters, digits, : . _ -')
    .default('bff:img:v1:'),
  IMAGE_TRANSFORM_QUEUE: z.coerce.number({ message: 'expected a count' }).int().min(0).max(10_000).default(48),
  IMAGE_TRANSFORM_WAIT_MS: z.coerce
    .number({ message: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(0)
    .max(60_000)
    .default(5_000),
  // libaom's effort for the AVIFs made in the background (0–9, sharp's default 4): lower spends a fraction of the
  // CPU for larger files (docs/pictures.md). The test harness runs 0: its AVIFs are checked for being made, not weighed.
  IMAGE_AVIF_EFFORT: z.coerce.number({ message: 'expected 0 to 9' }).int().min(0).max(9).default(DEFAULT_AVIF_EFFORT),
  // A heavy original's decode process (server/media/heavyDecode.ts) is killed after this long: the picture fails, nothing else.
  IMAGE_DECODE_TIMEOUT_MS: z.coerce
    .number({ message: 'expected milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(30_000),
  // Request limits (server/http/requestTarget.ts, server/http/clientLimits.ts, server/start.ts).
  MAX_REQUEST_TARGET_BYTES: z.coerce.number({ message: 'expected bytes' }).int().min(1024).max(16_384).default(8_192),
  CLIENT_MAX_CONCURRENT_REQUESTS: z.coerce
    .number({ message: 'expected a count' })
    .int()
    .min(1)
    .max(100_000)
    .default(128),
  CLIENT_MAX_WORKSHOP_STREAMS: z.coerce.number({ message: 'expected a count' }).int().min(1).max(10_000).default(6),
  // How long a request over CLIENT_MAX_CONCURRENT_REQUESTS waits for one of its address's places before its 429 (0: at once).
  CLIENT_IN_FLIGHT_WAIT_MS: z.coerce
    .number({ message: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(0)
    .max(60_000)
    .default(5_000),
  // Above a load balancer's idle timeout (60 s on AWS ALB and nginx's upstream keepalive), so the BFF never closes a connection the balancer is about to reuse.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: millis(65_000),
  HTTP_HEADERS_TIMEOUT_MS: millis(10_000),
  HTTP_REQUEST_TIMEOUT_MS: millis(30_000),
  // Directory of the redirect tables (<market>.txt); another one lets the redirects check try a changed table.
  REDIRECTS_DIR: z.string().min(1).default('redirects'),
  // OpenTelemetry traces over OTLP (protobuf over HTTP); unset: no tracing is loaded at all.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'expected letters, digits, . _ -')
    .default('auto-retail-bff'),
});

/** `RATE_LIMIT_<NAME>=<points>/<seconds>`, one variable per limit of server/security/rateLimits.ts. */
const rateLimitWindow = z
  .string()
  .regex(/^\d{1,6}\/\d{1,6}$/, 'expected <points>/<seconds>, e.g. 10/60')
  .transform((v): RateLimitWindow => {
    const [points, durationS] = v.split('/').map(Number) as [number, number];
    return { points, durationS };
  })
  .refine((w) => w.points >= 1 && w.durationS >= 1, 'expected at least 1 point in at least 1 second');

function rateLimitWindows(env: Record<string, string | undefined>): Record<RateLimitName, RateLimitWindow> {
  const entries = (Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]).map((name) => {
    const variable = rateLimitEnvName(name);
    const value = env[variable];
    if (value === undefined) return [name, RATE_LIMIT_DEFAULTS[name]] as const;
    const parsed = rateLimitWindow.safeParse(value);
    if (!parsed.success)
      throw new ConfigError(
        `Invalid environment variable ${variable}=${JSON.stringify(value)}: ${parsed.error.issues[0]!.message}`,
      );
    return [name, parsed.data] as const;
  });
  return Object.fromEntries(entries) as Record<RateLimitName, RateLimitWindow>;
}

/** `STORE_BUDGET_<NAME>=<megabytes>/<seconds>`, one variable per store of server/store/storeBudgets.ts. */
const storeBudgetWindow = z
  .string()
  .regex(/^\d{1,5}(?:\.\d{1,3})?\/\d{1,6}$/, 'expected <megabytes>/<seconds>, e.g. 4/60')
  .transform((v): StoreBudgetWindow => {
    const [megabytes, durationS] = v.split('/').map(Number) as [number, number];
    return { bytes: Math.round(megabytes * 1024 * 1024), durationS };
  })
  .refine((w) => w.bytes >= 1024 && w.durationS >= 1, 'expected at least 0.001 MB in at least 1 second');

function storeBudgetWindows(env: Record<string, string | undefined>): Record<StoreBudgetName, StoreBudgetWindow> {
  const entries = (Object.keys(STORE_BUDGET_DEFAULTS) as StoreBudgetName[]).map((name) => {
    const variable = storeBudgetEnvName(name);
    const value = env[variable];
    if (value === undefined) return [name, STORE_BUDGET_DEFAULTS[name]] as const;
    const parsed = storeBudgetWindow.safeParse(value);
    if (!parsed.success)
      throw new ConfigError(
        `Invalid environment variable ${variable}=${JSON.stringify(value)}: ${parsed.error.issues[0]!.message}`,
      );
    return [name, parsed.data] as const;
  });
  return Object.fromEntries(entries) as Record<StoreBudgetName, StoreBudgetWindow>;
}

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the process reads (deploy manifests name only these: test/unit/kubernetesManifests.test.ts). */
export const ENV_VARIABLES: readonly string[] = [
  ...Object.keys(EnvSchema.shape),
  ...(Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]).map(rateLimitEnvName),
  ...(Object.keys(STORE_BUDGET_DEFAULTS) as StoreBudgetName[]).map(storeBudgetEnvName),
];

export const UPSTREAM_SERVICES = [
  'search',
  'content',
  'mechmate',
  'tirehotel',
  'comhub',
  'codeweaver',
  'maps',
  'media',
] as const;
export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

export interface Config {
  port: number;
  host: string;
  env: Env['NODE_ENV'];
  isProduction: boolean;
  /** Serve the page listing every market's development host on bare `localhost`. */
  devIndexPage: boolean;
  /** Whether the markets' development hosts (se.localhost) are served. */
  devHosts: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Which proxies' X-Forwarded-* headers to believe, and the one reading of a request's client (server/http/proxyTrust.ts). */
  trustProxy: ProxyTrust;
  /** Every abuse and brute-force limit (server/security/rateLimits.ts) and where their counters live in Redis. */
  rateLimits: { redisPrefix: string; windows: Record<RateLimitName, RateLimitWindow> };
  /** What one client may make each shared store keep (server/store/storeBudgets.ts), counted under the rate limits' prefix. */
  storeBudgets: Record<StoreBudgetName, StoreBudgetWindow>;
  redisUrl: string | undefined;
  /** Base URL per upstream service; undefined means "use the embedded sandbox". */
  upstreamUrls: Record<UpstreamService, string | undefined>;
  upstreamConnectTimeoutMs: number;
  /** Deadline of one call (retries included) per upstream service. */
  upstreamTimeoutsMs: Record<UpstreamService, number>;
  upstreamMaxBodyBytes: number;
  mediaMaxBytes: number;
  searchCache: { ttlMs: number; staleWhileRevalidateMs: number; redisPrefix: string };
  /** Finished pages in process (and in Redis when configured); `cdn` is what shared caches are told. */
  pageCache: {
    enabled: boolean;
    ttlMs: number;
    staleWhileRevalidateMs: number;
    maxBytes: number;
    redisPrefix: string;
    cdn: { maxAgeS: number; staleWhileRevalidateS: number };
  };
  contentWebhookSecret: string | undefined;
  /** The memory budget and each cache's bytes of it. */
  memory: MemoryBudget;
  sandboxPort: number;
  /** The operator's /metrics listener; undefined: none. */
  metricsPort: number | undefined;
  redirectsDir: string;
  sandboxFault: string;
  shutdownGraceMs: number;
  /** The workshop SSE relay: give up after this long without an upstream byte; `:` comment this often; browser `retry:`; streams open at once in the process. */
  workshopStream: { idleTimeoutMs: number; heartbeatMs: number; retryMs: number; maxOpen: number };
  /** Longest request target (path and query) answered; longer is 414 before routing. */
  maxRequestTargetBytes: number;
  /** What one client address (req.ip) may hold open at once; more is 429. */
  clientLimits: { maxConcurrentRequests: number; inFlightWaitMs: number; maxStreams: number };
  /** The HTTP server's own deadlines (server/start.ts): idle keep-alive, all headers, the whole request with its body. */
  http: { keepAliveTimeoutMs: number; headersTimeoutMs: number; requestTimeoutMs: number };
  /** Tile template and attribution of every map; an absolute template's origin is allowed in the CSP's img-src. */
  map: { tileUrl: string; attribution: string };
  /**
   * Where pictures are sized: an image CDN's URL template, or undefined for the built-in /media
   * pipeline, and that pipeline's limits and shared store (server/media/).
   */
  images: {
    urlTemplate: string | undefined;
    maxInputBytes: number;
    maxInputPixels: number;
    store: { maxBytes: number; ttlMs: number; redisPrefix: string };
    /** Transforms waiting in line beyond those running (one per core), shared fairly by client. */
    queueLength: number;
    /** How long a transform with no place in line waits for one before its 503. */
    queueWaitMs: number;
    /** A heavy original's decode process is killed after this long. */
    decodeTimeoutMs: number;
    /** libaom's effort for the background AVIFs (0–9). */
    avifEffort: number;
  };
  /** Traces are exported here (OTLP/HTTP base URL) when set; off otherwise. */
  tracing: { otlpEndpoint: string | undefined; serviceName: string };
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cgroupLimitBytes: () => number | undefined = cgroupMemoryLimitBytes,
): Config {
  // Empty strings (e.g. `REDIS_URL=` in a compose file) mean "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const name = String(first.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(
      `Invalid environment variable ${name}${value !== undefined ? `=${JSON.stringify(value)}` : ''}: ${first.message}`,
    );
  }
  const e = parsed.data;
  const unsetUpstream = UPSTREAM_SERVICES.map((service) => `UPSTREAM_${service.toUpperCase()}_URL`).find(
    (name) => !(name in present),
  );
  if (e.NODE_ENV === 'production' && !e.SANDBOX && unsetUpstream) {
    throw new ConfigError(
      `Missing environment variable ${unsetUpstream}: every upstream URL is required in production (SANDBOX=true runs the embedded sandbox instead)`,
    );
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment variable HTTP_HEADERS_TIMEOUT_MS=${JSON.stringify(String(e.HTTP_HEADERS_TIMEOUT_MS))}: expected at most HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  const memory = memoryBudget({
    budgetMb: e.MEMORY_BUDGET_MB,
    cgroupLimitBytes: e.MEMORY_BUDGET_MB === undefined ? cgroupLimitBytes() : undefined,
    pageCacheMaxMb: e.PAGE_CACHE_MAX_MB,
    embeddedSandbox: unsetUpstream !== undefined,
  });
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    devIndexPage: e.DEV_INDEX_PAGE ?? e.NODE_ENV !== 'production',
    // A deployment answers only its real hostnames: a client naming `se.localhost:<any port>` would
    // otherwise get pages and sitemaps built, and cached, for an origin of its choosing.
    devHosts: e.DEV_HOSTS ?? (e.NODE_ENV !== 'production' || e.SANDBOX),
    logLevel: e.LOG_LEVEL,
    trustProxy: new ProxyTrust(e.TRUST_PROXY),
    rateLimits: { redisPrefix: e.RATE_LIMIT_REDIS_PREFIX, windows: rateLimitWindows(present) },
    storeBudgets: storeBudgetWindows(present),
    redisUrl: e.REDIS_URL,
    upstreamUrls: {
      search: e.UPSTREAM_SEARCH_URL,
      content: e.UPSTREAM_CONTENT_URL,
      mechmate: e.UPSTREAM_MECHMATE_URL,
      tirehotel: e.UPSTREAM_TIREHOTEL_URL,
      comhub: e.UPSTREAM_COMHUB_URL,
      codeweaver: e.UPSTREAM_CODEWEAVER_URL,
      maps: e.UPSTREAM_MAPS_URL,
      media: e.UPSTREAM_MEDIA_URL,
    },
    upstreamConnectTimeoutMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
    upstreamTimeoutsMs: {
      search: e.UPSTREAM_SEARCH_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
      content: e.UPSTREAM_CONTENT_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
      mechmate: e.UPSTREAM_MECHMATE_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
      tirehotel: e.UPSTREAM_TIREHOTEL_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
      comhub: e.UPSTREAM_COMHUB_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
      codeweaver: e.UPSTREAM_CODEWEAVER_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
      maps: e.UPSTREAM_MAPS_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
      media: e.UPSTREAM_MEDIA_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS,
    },
    upstreamMaxBodyBytes: e.UPSTREAM_MAX_BODY_BYTES,
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    searchCache: {
      ttlMs: e.SEARCH_CACHE_TTL_S * 1000,
      staleWhileRevalidateMs: e.SEARCH_CACHE_SWR_S * 1000,
      redisPrefix: e.SEARCH_CACHE_REDIS_PREFIX,
    },
    pageCache: {
      enabled: e.PAGE_CACHE,
      ttlMs: e.PAGE_CACHE_TTL_S * 1000,
      staleWhileRevalidateMs: e.PAGE_CACHE_SWR_S * 1000,
      maxBytes: memory.bytes.pageCache,
      redisPrefix: e.PAGE_CACHE_REDIS_PREFIX,
      cdn: { maxAgeS: e.PAGE_CDN_MAX_AGE_S, staleWhileRevalidateS: e.PAGE_CDN_SWR_S },
    },
    contentWebhookSecret: e.CONTENT_WEBHOOK_SECRET,
    memory,
    sandboxPort: e.SANDBOX_PORT,
    metricsPort: e.METRICS_PORT,
    redirectsDir: e.REDIRECTS_DIR,
    sandboxFault: e.SANDBOX_FAULT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    workshopStream: {
      idleTimeoutMs: e.WORKSHOP_STREAM_IDLE_TIMEOUT_MS,
      heartbeatMs: e.WORKSHOP_STREAM_HEARTBEAT_MS,
      retryMs: e.WORKSHOP_STREAM_RETRY_MS,
      maxOpen: e.WORKSHOP_STREAM_MAX_OPEN,
    },
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    images: {
      urlTemplate: e.IMAGE_URL_TEMPLATE,
      maxInputBytes: e.IMAGE_MAX_INPUT_BYTES,
      maxInputPixels: e.IMAGE_MAX_INPUT_PIXELS,
      store: {
        maxBytes: e.IMAGE_STORE_MAX_MB * 1024 * 1024,
        ttlMs: e.IMAGE_STORE_TTL_S * 1000,
        redisPrefix: e.IMAGE_STORE_REDIS_PREFIX,
      },
      queueLength: e.IMAGE_TRANSFORM_QUEUE,
      queueWaitMs: e.IMAGE_TRANSFORM_WAIT_MS,
      decodeTimeoutMs: e.IMAGE_DECODE_TIMEOUT_MS,
      avifEffort: e.IMAGE_AVIF_EFFORT,
    },
    maxRequestTargetBytes: e.MAX_REQUEST_TARGET_BYTES,
    clientLimits: {
      maxConcurrentRequests: e.CLIENT_MAX_CONCURRENT_REQUESTS,
      inFlightWaitMs: e.CLIENT_IN_FLIGHT_WAIT_MS,
      maxStreams: e.CLIENT_MAX_WORKSHOP_STREAMS,
    },
    http: {
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    },
    tracing: { otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
  };
}
