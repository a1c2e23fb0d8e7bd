import { z } from 'zod';
import { parseTrustProxy, ProxyTrust, type TrustProxySetting } from '../http/proxyTrust.js';
import { RATE_LIMIT_DEFAULTS, rateLimitEnvName, type RateLimitWindow } from '../security/rateLimits.js';
import { STORE_BUDGET_DEFAULTS, storeBudgetEnvName, type StoreBudgetWindow } from '../store/storeBudgets.js';
import { ConfigError, millis, redisPrefix, windowsFrom } from './envTypes.js';

/** What one client may ask of the process: the request itself, its address's share, its limits and budgets. */
export const requestLimitsSchema = z.object({
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
  RATE_LIMIT_REDIS_PREFIX: redisPrefix('bff:rl:'),
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

/** `STORE_BUDGET_<NAME>=<megabytes>/<seconds>`, one variable per store of server/store/storeBudgets.ts. */
const storeBudgetWindow = z
  .string()
  .regex(/^\d{1,5}(?:\.\d{1,3})?\/\d{1,6}$/, 'expected <megabytes>/<seconds>, e.g. 4/60')
  .transform((v): StoreBudgetWindow => {
    const [megabytes, durationS] = v.split('/').map(Number) as [number, number];
    return { bytes: Math.round(megabytes * 1024 * 1024), durationS };
  })
  .refine((w) => w.bytes >= 1024 && w.durationS >= 1, 'expected at least 0.001 MB in at least 1 second');

/** The variables read one per limit or store, beside the schema's. */
export const REQUEST_LIMIT_WINDOW_VARIABLES: readonly string[] = [
  ...(Object.keys(RATE_LIMIT_DEFAULTS) as (keyof typeof RATE_LIMIT_DEFAULTS)[]).map(rateLimitEnvName),
  ...(Object.keys(STORE_BUDGET_DEFAULTS) as (keyof typeof STORE_BUDGET_DEFAULTS)[]).map(storeBudgetEnvName),
];

export function requestLimitSettings(e: z.infer<typeof requestLimitsSchema>, env: Record<string, string | undefined>) {
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment variable HTTP_HEADERS_TIMEOUT_MS=${JSON.stringify(String(e.HTTP_HEADERS_TIMEOUT_MS))}: expected at most HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  return {
    /** Which proxies' X-Forwarded-* headers to believe, and the one reading of a request's client (server/http/proxyTrust.ts). */
    trustProxy: new ProxyTrust(e.TRUST_PROXY),
    /** Every abuse and brute-force limit (server/security/rateLimits.ts) and where their counters live in Redis. */
    rateLimits: {
      redisPrefix: e.RATE_LIMIT_REDIS_PREFIX,
      windows: windowsFrom(env, RATE_LIMIT_DEFAULTS, rateLimitEnvName, rateLimitWindow),
    },
    /** What one client may make each shared store keep (server/store/storeBudgets.ts), counted under the rate limits' prefix. */
    storeBudgets: windowsFrom(env, STORE_BUDGET_DEFAULTS, storeBudgetEnvName, storeBudgetWindow),
    /** Longest request target (path and query) answered; longer is 414 before routing. */
    maxRequestTargetBytes: e.MAX_REQUEST_TARGET_BYTES,
    /** What one client address (req.ip) may hold open at once; more is 429. */
    clientLimits: {
      maxConcurrentRequests: e.CLIENT_MAX_CONCURRENT_REQUESTS,
      inFlightWaitMs: e.CLIENT_IN_FLIGHT_WAIT_MS,
      maxStreams: e.CLIENT_MAX_WORKSHOP_STREAMS,
    },
    /** The HTTP server's own deadlines (server/start.ts): idle keep-alive, all headers, the whole request with its body. */
    http: {
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    },
  };
}
