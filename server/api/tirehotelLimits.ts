import type { Response } from 'express';
import type { RedisConnection } from '../cache/redisConnection.js';
import { ApiError } from '../http/apiError.js';
import { SharedRateLimiter, type LimitOutcome } from '../security/sharedRateLimiter.js';

/** Brute-force limits of the tire-hotel login (issue 4): code sends, wrong codes, validate attempts. */
export const TIREHOTEL_LIMITS = {
  codeSendsPerAgreement: { points: 3, durationS: 15 * 60 },
  wrongCodesPerIssuedCode: { points: 5, durationS: 15 * 60 },
  validateAttemptsPerIp: { points: 10, durationS: 60 },
} as const;

export const RATE_LIMIT_MESSAGES = {
  codeSends: 'Du har begärt för många koder. Vänta en stund innan du skickar en ny kod.',
  codeVoid: 'För många felaktiga försök. Koden är inte längre giltig, skicka en ny kod.',
  validateAttempts: 'För många försök. Vänta en minut och försök igen.',
} as const;

export function tirehotelLimiters(redis: RedisConnection) {
  const limiter = (name: string, limits: { points: number; durationS: number }) =>
    new SharedRateLimiter(redis, { keyPrefix: `bff:rl:tirehotel:${name}`, ...limits });
  return {
    codeSends: limiter('code-sends', TIREHOTEL_LIMITS.codeSendsPerAgreement),
    wrongCodes: limiter('wrong-codes', TIREHOTEL_LIMITS.wrongCodesPerIssuedCode),
    validateAttempts: limiter('validate-ip', TIREHOTEL_LIMITS.validateAttemptsPerIp),
  };
}
export type TirehotelLimiters = ReturnType<typeof tirehotelLimiters>;

/** Over a limit: 429 with Retry-After and a Swedish message the island shows as it is. */
export function refuseIfLimited(res: Response, outcome: LimitOutcome, message: string): void {
  if (outcome.allowed) return;
  res.set('Retry-After', String(outcome.retryAfterS));
  throw new ApiError(429, 'too_many_requests', message, { retryAfterSeconds: outcome.retryAfterS });
}
