import { jest } from '@jest/globals';
import net from 'node:net';
import { request } from 'undici';
import { listen } from '../support/apiHarness.js';
import { startRunningBff } from '../support/runningBff.js';
import { sandboxedBffForThisFile } from '../support/sandboxedBff.js';

jest.setTimeout(60_000);

const STREAM =
  '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07';

/** Opens a request and keeps its answer open (an event stream stays open until closed). */
async function open(origin: string, path: string) {
  const res = await request(`${origin}${path}`, { headers: { host: 'se.localhost', accept: 'text/event-stream' } });
  // Closing an answer still being read is an abort: expected here, not an error.
  res.body.on('error', () => {});
  return {
    status: res.statusCode,
    headers: res.headers,
    json: () => res.body.json() as Promise<{ error: { code: string } }>,
    close: () => res.body.destroy(),
  };
}

/** The sandbox waits this long between workshops, so a stream stays open for the test's length. */
function slowWorkshops(): () => void {
  const before = process.env.SANDBOX_STREAM_INTERVAL_MS;
  process.env.SANDBOX_STREAM_INTERVAL_MS = '10000';
  return () => {
    if (before === undefined) delete process.env.SANDBOX_STREAM_INTERVAL_MS;
    else process.env.SANDBOX_STREAM_INTERVAL_MS = before;
  };
}

describe('one client address', () => {
  const streams = sandboxedBffForThisFile({ CLIENT_MAX_WORKSHOP_STREAMS: '3' });
  const requests = sandboxedBffForThisFile({ CLIENT_MAX_CONCURRENT_REQUESTS: '3', CLIENT_MAX_WORKSHOP_STREAMS: '10' });

  it('gets its 4th open workshop stream answered 429 with Retry-After, and a new one once one of its streams closes', async () => {
    const server = await listen(streams.bff.app);
    const restore = slowWorkshops();
    try {
      const held = [
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
      ];
      expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await open(server.origin, STREAM);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('too_many_streams');
      held.pop()!.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await open(server.origin, STREAM);
      expect(again.status).toBe(200);
      [...held, again].forEach((s) => s.close());
    } finally {
      restore();
      await server.close();
    }
  });

  it('gets a request answered 429 while it has its cap of requests in flight, and /healthz still answers', async () => {
    const server = await listen(requests.bff.app);
    const restore = slowWorkshops();
    try {
      const held = [
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
      ];
      expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
      const page = await open(server.origin, '/');
      expect([page.status, page.headers['retry-after']]).toEqual([429, '5']);
      // Not the limits' code: the forms show a too_many_requests message to the shopper, and this English one is not for them.
      expect((await page.json()).error.code).toBe('too_many_in_flight');
      const health = await open(server.origin, '/healthz');
      expect(health.status).toBe(200);
      health.close();
      held.forEach((s) => s.close());
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await open(server.origin, '/');
      expect(after.status).toBe(200);
      after.close();
    } finally {
      restore();
      await server.close();
    }
  });
});

/** Sends `head`, then one byte of `drip` every 200 ms; resolves with what came back and when the server closed. */
function slowClient(port: number, head: string, drip: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < drip.length && !socket.destroyed) socket.write(drip[i++]!);
    }, 200);
    // Past the test's bound the server has not cut it: stop waiting (Node's default would hold it 300 s).
    const giveUp = setTimeout(() => socket.destroy(), 8_000);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
  });
}

describe('the process', () => {
  const capped = sandboxedBffForThisFile({ WORKSHOP_STREAM_MAX_OPEN: '2' });

  it('answers a workshop stream past its cap of open streams 503 with Retry-After, whichever client asks, and opens one again once a stream closes', async () => {
    const server = await listen(capped.bff.app);
    const restore = slowWorkshops();
    try {
      const held = [await open(server.origin, STREAM), await open(server.origin, STREAM)];
      expect(held.map((s) => s.status)).toEqual([200, 200]);
      const upstreamBefore = capped.sandbox.upstreamCalls('mechmate');
      const refused = await open(server.origin, STREAM);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('streams_full');
      expect(capped.sandbox.upstreamCalls('mechmate')).toBe(upstreamBefore);
      held.pop()!.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await open(server.origin, STREAM);
      expect(again.status).toBe(200);
      [...held, again].forEach((s) => s.close());
    } finally {
      restore();
      await server.close();
    }
  });
});

describe('the HTTP server of a running BFF', () => {
  let bff: Awaited<ReturnType<typeof startRunningBff>>;
  let port: number;
  beforeAll(async () => {
    bff = await startRunningBff({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' });
    port = Number(new URL(bff.url).port);
  });
  afterAll(() => bff.shutdown('test over'));

  it('cuts a request whose body trickles in at the request timeout (408), not after 300 s', async () => {
    const body = JSON.stringify({ index: 'cars-se', keyphrase: 'volvo' }).padEnd(200, ' ');
    const head = `POST /api/search HTTP/1.1\r\nHost: se.localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedAfterMs } = await slowClient(port, head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(closedAfterMs).toBeLessThan(4_500);
  });

  it('cuts a client whose headers trickle in at the headers timeout', async () => {
    const { answer, closedAfterMs } = await slowClient(
      port,
      'GET / HTTP/1.1\r\nHost: se.localhost\r\n',
      'X-Slow: ' + 'a'.repeat(100),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3_500);
  });
});
