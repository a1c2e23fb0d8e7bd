import { pino, type Logger, type DestinationStream } from 'pino';
import type { Config } from './config.js';

/** Paths never written to the log: credentials, cookies, the editor's preview token, sessions and one-time codes. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-preview-token"]',
  'res.headers["set-cookie"]',
  'req.query.authToken',
  'req.query.otpToken',
  'req.query.preview',
  '*.authorizationToken',
  '*.otpToken',
  '*.previewToken',
  '*.th_session',
  '*.th_login',
  '*.cookie',
  '*.authorization',
];

const SECRET_QUERY_PARAMS = /([?&](?:authToken|otpToken|token|preview|code|otp|session|th_session|th_login)=)[^&#]*/gi;

/** A URL or path as it may be logged: the value of every query parameter that can carry a secret is replaced. */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');

/** `mixin` adds fields to every line: the active trace's ids when tracing is on (server/tracing/startTracing.ts). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream, mixin?: () => object): Logger {
  return pino({ level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...(mixin ? { mixin } : {}) }, destination);
}
