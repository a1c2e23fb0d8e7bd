import { z } from 'zod';
import { cgroupMemoryLimitBytes, memoryBudget, type MemoryBudget } from './memoryBudget.js';

/**
 * Every setting the process reads, from environment variables only, parsed once at start-up.
 * Listed with defaults in the README; keep the two in step.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number({ message: 'expected a port number' }).int('expected a whole number').min(0).max(65535);
const millisecondsSchema = z.coerce.number({ message: 'expected milliseconds' }).int('expected whole milliseconds').min(1).max(600_000);
const millis = (fallback: number) => (fallback > 0 ? millisecondsSchema.default(fallback) : millisecondsSchema);
const seconds = z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400);
const httpUrl = z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional();

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
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
  UPSTREAM_MAX_BODY_BYTES: z.coerce.number({ message: 'expected bytes' }).int().min(1024).max(1_073_741_824).default(8 * 1024 * 1024),
  MEDIA_MAX_BYTES: z.coerce.number({ message: 'expected bytes' }).int().min(1024).max(4_294_967_296).default(100 * 1024 * 1024),
  SEARCH_CACHE_TTL_S: z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400).default(60),
  SEARCH_CACHE_SWR_S: z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400).default(300),
  SANDBOX_PORT: port.default(3100),
  // Fault injection for the embedded sandbox (syntax in sandbox/README.md), for demos and tests.
  SANDBOX_FAULT: z.string().max(500).default(''),
  SHUTDOWN_GRACE_MS: millis(10_000),
  // Page cache (server/pageCache/): anonymous pages as finished, precompressed bytes.
  PAGE_CACHE: flag.default(true),
  PAGE_CACHE_TTL_S: seconds.default(30),
  PAGE_CACHE_SWR_S: seconds.default(300),
  // Where pages live in Redis; the purge channel is named after it, so separate deployments (or tests) sharing a Redis stay apart.
  PAGE_CACHE_REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'expected letters, digits, : . _ -').default('bff:page:v1:'),
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
  // Workshop event stream (GET /api/mechmate/departments/closestAvailable).
  WORKSHOP_STREAM_IDLE_TIMEOUT_MS: millis(20_000),
  WORKSHOP_STREAM_HEARTBEAT_MS: millis(15_000),
  WORKSHOP_STREAM_RETRY_MS: millis(3_000),
  // Map tiles for the booking and site maps: a {z}/{x}/{y} template. The default is the maps
  // service's own tiles through the /media relay (the sandbox draws simple ones, so maps work offline).
  MAP_TILE_URL: z
    .string()
    .regex(/^(https:\/\/[^\s/]+|\/)[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/, 'expected an https:// or /path template with {z}, {x} and {y}')
    .default('/media/map-tiles/{z}/{x}/{y}.svg'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('Kartdata: sandbox'),
  // Directory of the redirect tables (<market>.txt); another one lets the redirects check try a changed table.
  REDIRECTS_DIR: z.string().min(1).default('redirects'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the process reads (deploy manifests name only these: test/unit/kubernetesManifests.test.ts). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export const UPSTREAM_SERVICES = ['search', 'content', 'mechmate', 'tirehotel', 'comhub', 'codeweaver', 'maps', 'media'] as const;
export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

export interface Config {
  port: number;
  host: string;
  env: Env['NODE_ENV'];
  isProduction: boolean;
  /** Serve the page listing every market's development host on bare `localhost`. */
  devIndexPage: boolean;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  redisUrl: string | undefined;
  /** Base URL per upstream service; undefined means "use the embedded sandbox". */
  upstreamUrls: Record<UpstreamService, string | undefined>;
  upstreamConnectTimeoutMs: number;
  /** Deadline of one call (retries included) per upstream service. */
  upstreamTimeoutsMs: Record<UpstreamService, number>;
  upstreamMaxBodyBytes: number;
  mediaMaxBytes: number;
  searchCache: { ttlMs: number; staleWhileRevalidateMs: number };
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
  redirectsDir: string;
  sandboxFault: string;
  shutdownGraceMs: number;
  /** The workshop SSE relay: give up after this long without an upstream byte; `:` comment this often; browser `retry:`. */
  workshopStream: { idleTimeoutMs: number; heartbeatMs: number; retryMs: number };
  /** Tile template and attribution of every map; an absolute template's origin is allowed in the CSP's img-src. */
  map: { tileUrl: string; attribution: string };
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cgroupLimitBytes: () => number | undefined = cgroupMemoryLimitBytes): Config {
  // Empty strings (e.g. `REDIS_URL=` in a compose file) mean "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const name = String(first.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(`Invalid environment variable ${name}${value !== undefined ? `=${JSON.stringify(value)}` : ''}: ${first.message}`);
  }
  const e = parsed.data;
  const memory = memoryBudget({ budgetMb: e.MEMORY_BUDGET_MB, cgroupLimitBytes: e.MEMORY_BUDGET_MB === undefined ? cgroupLimitBytes() : undefined, pageCacheMaxMb: e.PAGE_CACHE_MAX_MB });
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    devIndexPage: e.DEV_INDEX_PAGE ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
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
    searchCache: { ttlMs: e.SEARCH_CACHE_TTL_S * 1000, staleWhileRevalidateMs: e.SEARCH_CACHE_SWR_S * 1000 },
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
    redirectsDir: e.REDIRECTS_DIR,
    sandboxFault: e.SANDBOX_FAULT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    workshopStream: {
      idleTimeoutMs: e.WORKSHOP_STREAM_IDLE_TIMEOUT_MS,
      heartbeatMs: e.WORKSHOP_STREAM_HEARTBEAT_MS,
      retryMs: e.WORKSHOP_STREAM_RETRY_MS,
    },
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
  };
}
