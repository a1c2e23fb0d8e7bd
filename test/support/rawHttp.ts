import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Milliseconds from sending to the end of the body (to the headers with `headersOnly`). */
  ms: number;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Resolve as soon as the headers arrive and close the connection (an event stream never ends by itself). */
  headersOnly?: boolean;
}

/**
 * One request with its target sent byte for byte (no URL parsing: `/sv/\evil.com` stays as it is,
 * where fetch would turn the backslash into a slash) and a Host of our choosing.
 */
export function rawRequest(origin: string, host: string, target: string, options: RawOptions = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = {
      host,
      ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
      ...options.headers,
    };
    const req = http.request(
      { hostname, port, path: target, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        if (options.headersOnly) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '', ms: performance.now() - started });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function rawGet(
  origin: string,
  host: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return rawRequest(origin, host, target, { headers });
}
