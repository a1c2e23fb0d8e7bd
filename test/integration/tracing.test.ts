import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { marketById } from '../../markets/registry.js';
import { startTestStack } from '../support/testStack.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';

jest.setTimeout(90_000);

/** A stand-in OTLP/HTTP collector: keeps every protobuf body sent to /v1/traces. */
async function startCollector(): Promise<{ url: string; bodies: Buffer[]; server: Server }> {
  const bodies: Buffer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') bodies.push(Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

const traceIdOf = (traceparent: string) => traceparent.split('-')[1];
type Stats = { traceparents: Record<string, string[]> };
const sandboxStats = async (sandboxUrl: string) =>
  (await (await request(`${sandboxUrl}/__sandbox/stats`)).body.json()) as Stats;
const tracesSeenBy = (stats: Stats, service: string) => new Set((stats.traceparents[service] ?? []).map(traceIdOf));

/** What `find` finds once it finds something; undefined only past a deadline a hang reaches. */
async function eventually<T>(find: () => T | undefined): Promise<T | undefined> {
  await waitUntil(() => find() !== undefined, 'a log line', { everyMs: 50 }).catch(() => undefined);
  return find();
}

async function getPage(url: string, host: string, path: string, headers: Record<string, string> = {}) {
  const res = await request(url + path, { headers: { host, ...headers } });
  return { status: res.statusCode, html: await res.body.text() };
}

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it("sends one page's trace to every upstream it calls, on its log lines and to the collector", async () => {
    const collector = await startCollector();
    const { bff, sandbox, stop } = await startTestStack({
      bff: 'process',
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_SERVICE_NAME: 'bff-under-test',
        LOG_LEVEL: 'debug',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    try {
      const url = await bff.listening();
      const se = marketById('se');
      const page = await getPage(url, se.devHostname, se.paths.carList);
      expect(page.status).toBe(200);

      // The trace the BFF began for this page: on the page's own log line...
      const line = await eventually(() =>
        bff
          .logLines()
          .find((l) => l.msg === 'request completed' && (l.req as { url: string }).url === se.paths.carList),
      );
      const traceId = String(line?.trace_id);
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      // ...and on the lines of its upstream calls (the page cache renders it on a request of its own).
      expect(bff.logLines().filter((l) => l.msg === 'upstream call' && l.trace_id === traceId).length).toBeGreaterThan(
        0,
      );

      // Every upstream the page called received it as W3C traceparent.
      const stats = await sandboxStats(sandbox.url);
      expect(tracesSeenBy(stats, 'search').has(traceId)).toBe(true);
      expect(tracesSeenBy(stats, 'content').has(traceId)).toBe(true);

      // A trace begun in front of the BFF (a load balancer's traceparent) continues through a page
      // and the images it shows, to search, content and media.
      const fi = marketById('fi');
      const incoming = '4bf92f3577b34da6a3ce929d0e0e4736';
      const traceparent = `00-${incoming}-00f067aa0ba902b7-01`;
      const fiPage = await getPage(url, fi.devHostname, fi.paths.carList, { traceparent });
      const image = /src="(\/media\/[^"]+)"/.exec(fiPage.html)?.[1]?.replaceAll('&amp;', '&');
      expect(image).toBeDefined();
      expect((await getPage(url, fi.devHostname, image!, { traceparent })).status).toBe(200);
      const after = await sandboxStats(sandbox.url);
      for (const service of ['search', 'content', 'media'])
        expect([service, tracesSeenBy(after, service).has(incoming)]).toEqual([service, true]);

      // Exported over OTLP: spans of that trace from the http, express and undici instrumentations and our own.
      await bff.stop(); // flushes what is still batched
      const exported = Buffer.concat(collector.bodies);
      expect(exported.includes(Buffer.from(traceId, 'hex'))).toBe(true);
      for (const text of [
        'bff-under-test',
        '@opentelemetry/instrumentation-http',
        '@opentelemetry/instrumentation-express',
        '@opentelemetry/instrumentation-undici',
        'page cache render',
        'render',
        'upstream search',
        'upstream content',
        'peer.service',
      ]) {
        expect([text, exported.includes(text)]).toEqual([text, true]);
      }
    } finally {
      await stop();
      collector.server.close();
    }
  });
});

describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('sends no traceparent upstream and writes no trace ids', async () => {
    const { bff, sandbox, stop } = await startTestStack({ bff: 'process' });
    try {
      const url = await bff.listening();
      const se = marketById('se');
      expect((await getPage(url, se.devHostname, se.paths.carList)).status).toBe(200);
      expect((await sandboxStats(sandbox.url)).traceparents).toEqual({});
      expect(bff.logLines().some((l) => 'trace_id' in l)).toBe(false);
    } finally {
      await stop();
    }
  });
});
