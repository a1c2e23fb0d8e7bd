import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

/** An incoming id is kept only when it is short and plain, so it cannot forge log lines or headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const SECRET_QUERY_PARAMS = /([?&](?:authToken|otpToken|token)=)[^&]*/gi;

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The request as its log line shows it (a token in the query is redacted). */
export function requestLogFields(req: IncomingMessage, id: string) {
  return {
    id,
    method: req.method,
    url: (req.url ?? '').replace(SECRET_QUERY_PARAMS, '$1[redacted]'),
    host: req.headers.host,
    userAgent: req.headers['user-agent'],
  };
}

/** One log line per request, with the request id, which is also echoed as `x-request-id`. */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req);
      res.setHeader('x-request-id', id);
      return id;
    },
    // Top-level on every line (request line and req.log children), so one filter finds a request's story.
    customProps: (req) => ({ requestId: req.id }),
    serializers: {
      req: (req: IncomingMessage & { id: string }) => requestLogFields(req, req.id),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // Health probes every few seconds would drown the useful lines.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  });
}
