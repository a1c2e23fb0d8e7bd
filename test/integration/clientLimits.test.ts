import { jest } from '@jest/globals';
import net from 'node:net';
import { request } from 'undici';
import { startTestStack } from '../support/testStack.js';
import { stackForThisFile } from '../support/testStack.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';
import { listen } from '../../scripts/stack/composedBff.js';

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

/** Opens `path` again until a place has freed (the closed stream's place is given back when its close is read). */
async function openOnceFreed(origin: string, path: string) {
  let opened: Awaited<ReturnType<typeof open>> | undefined;
  await waitUntil(async () => {
    const attempt = await open(origin, path);
    if (attempt.status === 200) opened = attempt;
    else attempt.close();
    return opened !== undefined;
  }, 'a place freed by the closed stream');
  return opened!;
}

/** Lets answers already in run their continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

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
  const streams = stackForThisFile({ bff: 'app', env: { CLIENT_MAX_WORKSHOP_STREAMS: '3' } });
  // Waits longer than any test: a request over the cap is answered when a place frees, never by its deadline.
  const requests = stackForThisFile({
    bff: 'app',
    env: {
      CLIENT_MAX_CONCURRENT_REQUESTS: '3',
      CLIENT_MAX_WORKSHOP_STREAMS: '10',
      CLIENT_IN_FLIGHT_WAIT_MS: '60000',
    },
  });

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
      const again = await openOnceFreed(server.origin, STREAM);
      expect(again.status).toBe(200);
      [...held, again].forEach((s) => s.close());
    } finally {
      restore();
      await server.close();
    }
  });

  it('has a request over its cap of requests in flight wait for a place (429 at once past as many waiting), and /healthz still answers', async () => {
    const server = await listen(requests.bff.app);
    const restore = slowWorkshops();
    try {
      const held = [
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
      ];
      expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
      // Four more: three wait for one of the address's places, the last to arrive is refused at once.
      const pending = Array.from({ length: 4 }, () => open(server.origin, '/'));
      const refused = await Promise.race(pending);
      expect([refused.status, refused.headers['retry-after']]).toEqual([429, '5']);
      let answered = 0;
      pending.forEach((p) => void p.then(() => answered++));
      // Not the limits' code: the forms show a too_many_requests message to the shopper, and this English one is not for them.
      expect((await refused.json()).error.code).toBe('too_many_in_flight');
      const health = await open(server.origin, '/healthz');
      expect(health.status).toBe(200);
      health.close();
      await settle();
      expect(answered).toBe(1);
      // A stream ends: its place goes to the first page waiting, and each page's to the next.
      held.pop()!.close();
      const pages = (await Promise.all(pending)).filter((p) => p !== refused);
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      pages.forEach((p) => p.close());
      held.forEach((s) => s.close());
    } finally {
      restore();
      await server.close();
    }
  });
});

describe('answers a cache gives', () => {
  const cached = stackForThisFile({
    bff: 'app',
    env: {
      CLIENT_MAX_CONCURRENT_REQUESTS: '3',
      CLIENT_IN_FLIGHT_WAIT_MS: '60000',
      PAGE_CACHE: 'true',
    },
  });

  it('never count against the cap: a page, a search and a picture variant from the cache are sent while the address has its cap in flight', async () => {
    const server = await listen(cached.bff.app);
    const restore = slowWorkshops();
    const send = async (path: string, init: { method?: string; body?: string; accept?: string } = {}) => {
      const res = await request(`${server.origin}${path}`, {
        method: (init.method ?? 'GET') as 'GET',
        headers: {
          host: 'se.localhost',
          accept: init.accept ?? '*/*',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: init.body } : {}),
      });
      await res.body.dump();
      return { status: res.statusCode, cache: res.headers['x-cache'] };
    };
    try {
      const photo = (
        (await (
          await fetch(`${cached.sandbox.url}/search/query`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ index: 'cars-se', limit: 1 }),
          })
        ).json()) as { content: Array<{ car_images: string[] }> }
      ).content[0]!.car_images[0]!;
      const variant = `${new URL(photo).pathname}${new URL(photo).search}&w=256`;
      // Made and kept first; each asked for again below as the fast paths have not seen it (another URL,
      // body or Accept for the same cached answer), so the answer comes from the caches behind Express.
      await send('/');
      await waitUntil(() => cached.bff.pageCache!.stats.entries > 0, 'the page cached', { timeoutMs: 30_000 });
      await send('/api/search', { method: 'POST', body: '{"index":"cars","limit":2}' });
      expect((await send(variant, { accept: 'image/webp' })).status).toBe(200);
      const held = [
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
        await open(server.origin, STREAM),
      ];
      expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
      expect(await send('/?utm_source=newsletter')).toEqual({ status: 200, cache: 'hit' });
      expect(await send('/api/search', { method: 'POST', body: '{ "limit": 2, "index": "cars" }' })).toEqual({
        status: 200,
        cache: 'hit',
      });
      expect(await send(variant, { accept: 'image/webp,*/*' })).toEqual({ status: 200, cache: 'hit' });
      // Work the cache cannot spare still counts: a page it does not hold waits for a place.
      let done = false;
      const uncached = send('/?utm_source=x&page=2').finally(() => (done = true));
      await settle();
      expect(done).toBe(false);
      held.pop()!.close();
      expect((await uncached).status).not.toBe(429);
      held.forEach((s) => s.close());
    } finally {
      restore();
      await server.close();
    }
  });
});

/**
 * Sends `head`, then one byte of `drip` every 200 ms; resolves with what came back and how many bytes of `drip`
 * it had sent when the server closed. The drip takes far longer than the server's timeouts (20 s and more), so a
 * server that cuts the client closes it with bytes still unsent; one that does not lets the drip run out.
 */
function slowClient(port: number, head: string, drip: string): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < drip.length && !socket.destroyed) socket.write(drip[i++]!);
    }, 200);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent: i });
    });
  });
}

describe('the process', () => {
  const capped = stackForThisFile({ bff: 'app', env: { WORKSHOP_STREAM_MAX_OPEN: '2' } });

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
      const again = await openOnceFreed(server.origin, STREAM);
      expect(again.status).toBe(200);
      [...held, again].forEach((s) => s.close());
    } finally {
      restore();
      await server.close();
    }
  });
});

describe('the HTTP server of a running BFF', () => {
  let stack: Awaited<ReturnType<typeof startTestStack<'server'>>>;
  let port: number;
  beforeAll(async () => {
    stack = await startTestStack({
      bff: 'server',
      env: { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' },
    });
    port = Number(new URL(stack.bff.url).port);
  });
  afterAll(() => stack.stop());

  it('cuts a request whose body trickles in at the request timeout (408), before the body is in', async () => {
    const body = JSON.stringify({ index: 'cars-se', keyphrase: 'volvo' }).padEnd(200, ' ');
    const head = `POST /api/search HTTP/1.1\r\nHost: se.localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, sent } = await slowClient(port, head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(sent).toBeLessThan(body.length);
  });

  it('cuts a client whose headers trickle in at the headers timeout, before they are in', async () => {
    const drip = 'X-Slow: ' + 'a'.repeat(100);
    const { answer, sent } = await slowClient(port, 'GET / HTTP/1.1\r\nHost: se.localhost\r\n', drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(sent).toBeLessThan(drip.length);
  });
});
