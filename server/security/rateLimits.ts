import type { Request, Response } from 'express';
import type { RedisConnection } from '../store/redisConnection.js';
import type { ProxyTrust } from '../http/proxyTrust.js';
import { ApiError } from '../http/apiError.js';
import { SharedRateLimiter, UNAVAILABLE_RETRY_AFTER_S, type LimitOutcome } from '../store/sharedRateLimiter.js';

export interface RateLimitWindow {
  points: number;
  durationS: number;
}

/**
 * Every abuse and brute-force limit, by name (docs/security.md lists them with their keys). Each is
 * configurable as `RATE_LIMIT_<NAME>=<points>/<seconds>`. Per-client numbers are far above what a
 * shopper does (one lead, one booking, a code or two), so a household or office behind one address
 * never meets them; the one-time code is guarded by limits on what is attacked (the code, the agreement's sends).
 */
export const RATE_LIMIT_DEFAULTS = {
  /** Lead forms (`POST /api/forms/comhub`, and `POST /forms/lead` without scripts) per client. */
  leadsPerClient: { points: 30, durationS: 600 },
  /** Service bookings and tire-hotel bookings per client. */
  bookingsPerClient: { points: 10, durationS: 600 },
  /** Tire-hotel reviews per client. */
  reviewsPerClient: { points: 10, durationS: 600 },
  /** Agreement look-ups (they hand out the encrypted phone number) per client and per registration number. */
  lookupsPerClient: { points: 60, durationS: 600 },
  lookupsPerRegNo: { points: 30, durationS: 600 },
  /**
   * One-time code sends (SMS) per agreement (a quarter of an hour, and a day), per client and agreement in a day
   * (one address cannot spend an agreement's day), and per client. A sent code takes one guess, so the day's sends
   * bound the guesses: 10 a day against a 4-digit code, 0.1% a day, 3.0% a month, 30.6% a year of uninterrupted
   * trying, and no lock an attacker can put on the owner (docs/security.md "Guessing a code").
   */
  codeSendsPerAgreement: { points: 3, durationS: 900 },
  codeSendsPerAgreementPerDay: { points: 10, durationS: 86_400 },
  codeSendsPerAgreementPerClientPerDay: { points: 4, durationS: 86_400 },
  codeSendsPerClient: { points: 20, durationS: 3600 },
  /** Guesses of one sent code: one, right or wrong, then it is void (longer than the code lives); and code guesses per client. */
  codeGuessesPerCode: { points: 1, durationS: 900 },
  codeGuessesPerClient: { points: 10, durationS: 60 },
  /**
   * Searches a client's list pages make the search service run for their language links (a worded filter's
   * words in the other language, server/pages/languageQueries.ts), counted only when the search cache does not
   * hold them: a page needs a few, once; past it the links keep the words as they are.
   */
  languageLookupsPerClient: { points: 60, durationS: 60 },
  /**
   * Searches a client's `POST /api/search` (the car list island, site search as you type) makes the search
   * service run, counted only when the search cache does not hold the answer: 5 a second, room for an
   * office of shoppers typing at once; one client made 375 in 20 s before.
   */
  searchesPerClient: { points: 300, durationS: 60 },
  /** Web-vitals beacons (`POST /api/rum`) per client: a page view sends one. */
  rumBeaconsPerClient: { points: 30, durationS: 60 },
} as const satisfies Record<string, RateLimitWindow>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

/**
 * The limits that guard an account (look-ups handing out the phone number, code sends, code guesses):
 * while Redis cannot count them they refuse (503, Retry-After) instead of counting in each process,
 * which would let k replicas give an attacker k times the guesses. The others count per process meanwhile.
 */
export const ACCOUNT_LIMITS: ReadonlySet<RateLimitName> = new Set([
  'lookupsPerClient',
  'lookupsPerRegNo',
  'codeSendsPerAgreement',
  'codeSendsPerAgreementPerDay',
  'codeSendsPerAgreementPerClientPerDay',
  'codeSendsPerClient',
  'codeGuessesPerCode',
  'codeGuessesPerClient',
]);

/** `leadsPerClient` → `RATE_LIMIT_LEADS_PER_CLIENT`. */
export const rateLimitEnvName = (name: RateLimitName) =>
  `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** What the shopper is told, in the market's language (`limit.*` in markets/translations). */
export type LimitMessage =
  | 'limit.tooMany'
  | 'limit.lookups'
  | 'limit.codeSends'
  | 'limit.codeSendsToday'
  | 'limit.codeVoid'
  | 'limit.codeGuesses';

export type RateLimiters = Record<RateLimitName, SharedRateLimiter>;

/** What a route needs to limit: the limiters, and the one reading of who the client is. */
export interface RequestLimits {
  limiters: RateLimiters;
  /** The per-client key: the client's address as the configured proxies report it (IPv6 by /64). */
  clientKey(req: Request): string;
}

/** One SharedRateLimiter per limit, counting in Redis under `RATE_LIMIT_REDIS_PREFIX` (in memory without Redis). */
export function createRequestLimits(
  redis: RedisConnection,
  config: {
    rateLimits: { redisPrefix: string; windows: Record<RateLimitName, RateLimitWindow> };
    trustProxy: ProxyTrust;
  },
  onRefused?: (limit: RateLimitName) => void,
): RequestLimits {
  const { redisPrefix, windows } = config.rateLimits;
  const entries = (Object.keys(windows) as RateLimitName[]).map((name) => [
    name,
    new SharedRateLimiter(redis, {
      keyPrefix: `${redisPrefix}${name}`,
      ...windows[name],
      whenRedisFails: ACCOUNT_LIMITS.has(name) ? 'refuse' : 'countHere',
      onRefused: () => onRefused?.(name),
    }),
  ]);
  return {
    limiters: Object.fromEntries(entries) as RateLimiters,
    clientKey: (req) => config.trustProxy.client(req).limitKey,
  };
}

/**
 * Counts one attempt under `key` before the work it guards (atomically: the limiter's consume); over
 * the limit, 429 with Retry-After and the market's message. A counted point is not given back when the
 * work failed: a call that failed may still have reached the upstream, and returning points would let
 * concurrent attempts through (the one exception: a later limit refusing the attempt, see the code sends).
 */
/** 429 (or 503 while Redis cannot count an account limit) for an attempt `outcome` refused; nothing when allowed. */
export function refuseFor(res: Response, limiter: SharedRateLimiter, outcome: LimitOutcome): void {
  refuseUnless(res, limiter, outcome, 'limit.tooMany');
}

export async function countOrRefuse(
  res: Response,
  limiter: SharedRateLimiter,
  key: string,
  message: LimitMessage,
): Promise<void> {
  refuseUnless(res, limiter, await limiter.consume(key), message);
}

function refuseUnless(res: Response, limiter: SharedRateLimiter, outcome: LimitOutcome, message: LimitMessage): void {
  if (outcome.allowed) return;
  if (outcome.unavailable) refuseUnavailable(res);
  limiter.noteRefusal();
  res.set('Retry-After', String(outcome.retryAfterS));
  throw new ApiError(429, 'too_many_requests', res.locals.t(message), { retryAfterSeconds: outcome.retryAfterS });
}

/** 503 with Retry-After and the market's message: an account limit could not be counted (Redis is not answering). */
export function refuseUnavailable(res: Response): never {
  res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
  throw new ApiError(503, 'limits_unavailable', res.locals.t('limit.unavailable'), {
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_S,
  });
}
