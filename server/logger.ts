import { unescape } from 'node:querystring';
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

/** Query parameters that can carry a secret, by their decoded name in lower case. */
const SECRET_QUERY_NAMES = new Set([
  'authtoken',
  'otptoken',
  'token',
  'preview',
  'code',
  'otp',
  'session',
  'th_session',
  'th_login',
  // A postcode typed for 'nearest first' (the car list's plain form sends it in the query).
  'postcode',
]);

/**
 * A parameter name as the query parser reads it (node:querystring, Express's: `+` a space, percent-escapes
 * decoded leniently), lower-cased and without a `[...]` suffix: `%70review` is `preview` to the app, so to
 * the redaction too (a pattern over the raw text logged `?%70review=<token>` in clear).
 */
function decodedName(raw: string): string {
  const name = unescape(raw.replaceAll('+', ' ')).toLowerCase();
  const bracket = name.indexOf('[');
  return bracket < 0 ? name : name.slice(0, bracket);
}

/** A URL or path as it may be logged: the value of every query parameter that can carry a secret is replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const hash = url.indexOf('#', mark);
  const end = hash < 0 ? url.length : hash;
  const pairs = url.slice(mark + 1, end).split('&');
  let changed = false;
  for (const [i, pair] of pairs.entries()) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (!SECRET_QUERY_NAMES.has(decodedName(name))) continue;
    pairs[i] = `${name}=[redacted]`;
    changed = true;
  }
  return changed ? `${url.slice(0, mark + 1)}${pairs.join('&')}${url.slice(end)}` : url;
}

/** `mixin` adds fields to every line: the active trace's ids when tracing is on (server/tracing/startTracing.ts). */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
  mixin?: () => object,
): Logger {
  return pino(
    { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...(mixin ? { mixin } : {}) },
    destination,
  );
}
