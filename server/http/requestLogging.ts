import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { redactUrl } from '../logger.js';

/** An incoming id is kept only when it is short and plain, so it cannot forge log lines or headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Health probes every few seconds would drown the useful lines. */
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The one log line of an answer: `requestId` top-level (as on every other line of the request, so one
 * filter finds its story), the request with any token in the query redacted, the status and the time.
 * Built only when its level is on: at thousands of answers a second, a line nobody keeps costs nothing.
 */
export function logAnswer(
  logger: Logger,
  req: IncomingMessage,
  url: string,
  requestId: string,
  statusCode: number,
  startedMs: number,
  finished = true,
): void {
  const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const line = {
    requestId,
    req: {
      id: requestId,
      method: req.method,
      url: redactUrl(url),
      host: req.headers.host,
      userAgent: req.headers['user-agent'],
    },
    res: { statusCode },
    responseTime: Math.round(performance.now() - startedMs),
  };
  logger[level](line, finished ? 'request completed' : 'request aborted');
}

/** Gives every request its id (echoed as `x-request-id`) and, when its answer ends, its log line. */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestIdFor(req);
    req.id = id;
    res.setHeader('x-request-id', id);
    // As it came: routers under a mount path rewrite req.url while they handle it.
    const url = req.url;
    if (!UNLOGGED_PATHS.has(url)) {
      // 'close' alone also comes when the client left before the answer was out.
      res.once('close', () => logAnswer(logger, req, url, id, res.statusCode, started, res.writableFinished));
    }
    next();
  };
}
