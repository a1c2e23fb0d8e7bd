import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import type { PageKey } from './pageKey.js';

/** A page rendered for the cache: its answer as the routes wrote it, whole. */
export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  /** Every Set-Cookie the routes wrote: such an answer is one person's and is never shared. */
  setsCookie: boolean;
  body: Buffer;
  /** A part of the page was left out because an upstream failed (res.locals.pageIncomplete). */
  incomplete: boolean;
}

/** Request headers a page may depend on besides the key's (host and the proxy's view of it). */
const CARRIED_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for'] as const;

/**
 * Renders the page of `key` through the page routes on a request of its own, detached from the
 * shopper who asked: it carries only what the key holds (path, page-changing parameters, the host;
 * no cookie), so its bytes are right for every request with that key, and it
 * finishes (and fills the cache) even when that shopper goes away or is served a stale copy meanwhile.
 */
export function renderDetached(
  pages: RequestHandler,
  from: Request,
  fromRes: Response,
  key: PageKey,
  timeoutMs: number,
): Promise<RenderedPage> {
  const socket = new Socket();
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = key.url;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  const requestId = `page-cache-${randomUUID()}`;
  req.headers = { 'user-agent': 'bff-page-cache', 'x-request-id': requestId };
  for (const name of CARRIED_HEADERS) {
    const value = from.headers[name];
    if (typeof value === 'string') req.headers[name] = value;
  }
  req.push(null);
  const res = new ServerResponse(req);
  // Express's request and response methods, as app.handle gives every request (the types do not list them).
  const app = from.app as unknown as { request: object; response: object };
  Object.setPrototypeOf(req, app.request);
  Object.setPrototypeOf(res, app.response);
  const expressReq = req as unknown as Request;
  const expressRes = res as unknown as Response;
  expressReq.res = expressRes;
  expressRes.req = expressReq;
  (expressReq as { id: unknown }).id = requestId;
  const { hostMatch, market, language, languagePrefix, t, clientKey, pageParams } = fromRes.locals;
  expressRes.locals = { hostMatch, market, language, languagePrefix, t, clientKey, pageParams } as Response['locals'];

  return new Promise<RenderedPage>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      res.emit('close'); // abandons the page's upstream calls
      reject(new Error(`page render took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    const take = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
      );
    };
    // The answer is collected here instead of going to a socket.
    res.write = ((chunk: unknown, encoding?: unknown, done?: unknown) => {
      take(chunk, encoding);
      for (const cb of [encoding, done]) if (typeof cb === 'function') (cb as () => void)();
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      clearTimeout(timer);
      take(chunk, encoding);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      resolve({
        status: res.statusCode,
        headers,
        setsCookie: res.hasHeader('set-cookie'),
        body: Buffer.concat(chunks),
        incomplete: expressRes.locals.pageIncomplete === true,
      });
      return res;
    }) as typeof res.end;
    pages(expressReq, expressRes, (err?: unknown) => {
      clearTimeout(timer);
      reject(err instanceof Error ? err : new Error('no page route answered'));
    });
  });
}
