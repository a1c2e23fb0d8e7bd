import { pino, type Logger, type DestinationStream } from 'pino';
import type { Config } from './config.js';

/** Paths never written to the log: credentials, cookies and one-time codes. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.query.authToken',
  'req.query.otpToken',
  '*.authorizationToken',
  '*.otpToken',
];

/** `mixin` adds fields to every line: the active trace's ids when tracing is on (server/tracing/startTracing.ts). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream, mixin?: () => object): Logger {
  return pino({ level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...(mixin ? { mixin } : {}) }, destination);
}
