import { jest } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'undici';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';
import { listen } from '../../../scripts/stack/composedBff.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(20_000);

const INTERVAL_MS = 200;
process.env.SANDBOX_STREAM_INTERVAL_MS = String(INTERVAL_MS); // the sandbox reads it per request

let h: MarketStack;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  h = withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl }));
  server = await listen(h.bff.app);
});
afterAll(async () => {
  await server.close();
  await h.stop();
});

const STOCKHOLM = 'regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07';

interface SseFrame {
  /** ms since the request started */
  at: number;
  /** performance.now() when the frame was complete */
  receivedAt: number;
  id?: string;
  data?: unknown;
  comment?: string;
  retry?: string;
}

/** Opens the stream on a real socket and collects each frame with the time it arrived. */
async function openStream(origin: string, query: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await request(`${origin}/api/mechmate/departments/closestAvailable?${query}`, {
    headers: { host: 'se.localhost', 'accept-encoding': 'gzip, br', accept: 'text/event-stream', ...headers },
  });
  const frames: SseFrame[] = [];
  let buffered = '';
  const done = (async () => {
    for await (const chunk of res.body) {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const frame: SseFrame = { at: performance.now() - started, receivedAt: performance.now() };
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) frame.comment = line;
          else if (line.startsWith('id: ')) frame.id = line.slice(4);
          else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6));
          else if (line.startsWith('retry: ')) frame.retry = line.slice(7);
        }
        frames.push(frame);
      }
    }
  })().catch(() => undefined);
  return { res, frames, done, messages: () => frames.filter((f) => f.data !== undefined) };
}

/** When the sandbox writes each `data:` message of the next workshop stream it serves. */
function recordSandboxStreamWrites(): number[] {
  const writes: number[] = [];
  h.sandbox.server.prependOnceListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.includes('closestAvailable')) return;
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (String(chunk).includes('data: ')) writes.push(performance.now());
      return write(chunk, ...rest);
    }) as typeof res.write;
  });
  return writes;
}

describe('the workshop event stream relay', () => {
  it('sends each workshop as the sandbox sends it, uncompressed, with the SSE headers', async () => {
    const sandboxWrites = recordSandboxStreamWrites();
    const stream = await openStream(server.origin, STOCKHOLM);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.res.headers['cache-control']).toMatch(/no-cache/);
    expect(stream.res.headers['x-accel-buffering']).toBe('no');
    expect(stream.res.headers['content-encoding']).toBeUndefined();
    await stream.done;
    const arrivals = stream.messages().map((m) => m.receivedAt);
    expect(arrivals).toHaveLength(5);
    // The relay cuts the upstream after the fifth; on a loaded machine the sandbox may write one more before the cut reaches it.
    expect(sandboxWrites.length).toBeGreaterThanOrEqual(5);
    // Each workshop reaches the browser one by one, as the sandbox sends it: before the sandbox has written the
    // one after next (a relay that buffers or compresses delivers them together at the end). An order, not a figure.
    for (let i = 0; i + 2 < arrivals.length; i++) expect(arrivals[i]!).toBeLessThan(sandboxWrites[i + 2]!);
  });

  it('sets retry: first and gives each workshop its departmentId and place in the page as the event id', async () => {
    const stream = await openStream(server.origin, STOCKHOLM);
    await stream.done;
    expect(stream.frames[0]!.retry).toMatch(/^\d+$/);
    stream
      .messages()
      .forEach((message, i) =>
        expect(message.id).toBe(`${(message.data as { departmentId: number }).departmentId}.${i + 1}`),
      );
  });

  it('closes after 5 workshops and stops the sandbox writing', async () => {
    const before = h.sandbox.ctx.stats.openStreams;
    const aborted = h.sandbox.ctx.stats.abortedStreams;
    const stream = await openStream(server.origin, STOCKHOLM);
    await stream.done;
    expect(stream.messages().filter((m) => 'departmentId' in (m.data as object))).toHaveLength(5);
    // Stopped, not left to write its remaining workshops to the end: the sandbox counts it aborted.
    await waitUntil(
      () => h.sandbox.ctx.stats.openStreams === before && h.sandbox.ctx.stats.abortedStreams > aborted,
      'sandbox stream stopped',
    );
  });

  it('forwards {nosites} and closes when no workshop is near, with the id that ends the page', async () => {
    const stream = await openStream(server.origin, 'regNo=ABC123&serviceOfferings=oilservice&latitude=0&longitude=0');
    await stream.done;
    expect(stream.messages().map((m) => m.data)).toEqual([{ nosites: true }]);
    expect(stream.messages()[0]!.id).toBe('end');
  });

  it('forwards an {error} message from the service and closes', async () => {
    const stream = await openStream(
      server.origin,
      'regNo=ERR503&serviceOfferings=oilservice&latitude=59.33&longitude=18.07',
    );
    await stream.done;
    const data = stream.messages().map((m) => m.data as Record<string, unknown>);
    expect(data).toHaveLength(3);
    expect(data[2]).toEqual({ error: 'ServerError' });
  });

  it('continues a page dropped in the middle: a reconnect with Last-Event-ID gets the rest of that page only', async () => {
    const first = await openStream(server.origin, STOCKHOLM);
    await first.done;
    const ids = first.messages().map((m) => m.id);
    const next = await openStream(server.origin, STOCKHOLM, { 'last-event-id': ids[1]! });
    await next.done;
    expect(next.messages().map((m) => m.id)).toEqual(ids.slice(2, 5));
  });

  it.each([
    ['the last workshop of a page', (ids: string[]) => ids[4]!],
    ['the end of a page', () => 'end'],
  ])('answers 204 and asks the upstream nothing when an EventSource reconnects after %s', async (_what, lastId) => {
    const first = await openStream(server.origin, STOCKHOLM);
    await first.done;
    const before = h.sandbox.upstreamCalls('mechmate');
    const again = await request(`${server.origin}/api/mechmate/departments/closestAvailable?${STOCKHOLM}`, {
      headers: { host: 'se.localhost', 'last-event-id': lastId(first.messages().map((m) => m.id!)) },
    });
    expect(again.statusCode).toBe(204);
    expect(await again.body.text()).toBe('');
    expect(h.sandbox.upstreamCalls('mechmate')).toBe(before);
  });

  it("gets the next page with an explicit cursor ('Hämta fler')", async () => {
    const first = await openStream(server.origin, STOCKHOLM);
    await first.done;
    const lastId = (first.messages()[4]!.data as { departmentId: number }).departmentId;
    const more = await openStream(server.origin, `${STOCKHOLM}&cursor=${lastId}`);
    await more.done;
    const ids = more.messages().map((m) => (m.data as { departmentId?: number }).departmentId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(lastId);
    expect(more.messages()[0]!.id).toMatch(/\.1$/);
  });

  it('aborts the sandbox stream when the browser disconnects', async () => {
    const aborted = h.sandbox.ctx.stats.abortedStreams;
    const stream = await openStream(server.origin, STOCKHOLM);
    await waitUntil(() => stream.messages().length >= 1, 'first workshop');
    expect(h.sandbox.ctx.stats.openStreams).toBeGreaterThan(0);
    stream.res.body.destroy();
    // Aborted, not run to its end: a relay that kept reading would leave abortedStreams as it was.
    await waitUntil(
      () => h.sandbox.ctx.stats.abortedStreams > aborted && h.sandbox.ctx.stats.openStreams === 0,
      'sandbox stream aborted',
    );
  });

  it('answers invalid input with 400 JSON and opens no upstream stream', async () => {
    const before = h.sandbox.upstreamCalls('mechmate');
    const res = await h.se.get(
      '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=95&longitude=18',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain('query.latitude');
    const badId = await h.se
      .get(`/api/mechmate/departments/closestAvailable?${STOCKHOLM}`)
      .set('Last-Event-ID', '../1');
    expect(badId.status).toBe(400);
    expect(h.sandbox.upstreamCalls('mechmate')).toBe(before);
  });

  it("answers the service's own error as JSON when the stream cannot start", async () => {
    const res = await h.se.get(
      '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07&cursor=1',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.upstream.errors['Error Result']).toEqual(['InvalidInput']);
    h.sandbox.ctx.faults.set('mechmate', { status: 503 }, 1);
    const failed = await h.se.get(`/api/mechmate/departments/closestAvailable?${STOCKHOLM}`);
    expect(failed.status).toBe(502);
  });

  it('is not offered outside Sweden', async () => {
    expect((await h.uk.get(`/api/mechmate/departments/closestAvailable?${STOCKHOLM}`)).status).toBe(404);
  });
});

describe('a quiet upstream', () => {
  let quiet: MarketStack;
  let quietServer: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    quiet = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox: h.sandbox,
        env: { WORKSHOP_STREAM_HEARTBEAT_MS: '100', WORKSHOP_STREAM_IDLE_TIMEOUT_MS: '1500' },
      }),
    );
    quietServer = await listen(quiet.bff.app);
  });
  afterAll(async () => {
    await quietServer.close();
    await quiet.stop();
  });

  it('gets : heartbeats while the upstream is idle', async () => {
    // ~7 heartbeats fit before the first workshop; 3 leaves room for a loaded machine's timer drift.
    process.env.SANDBOX_STREAM_INTERVAL_MS = '800';
    const stream = await openStream(quietServer.origin, STOCKHOLM);
    await stream.done;
    const beforeFirst = stream.frames.filter((f) => f.comment && f.at < (stream.messages()[0]?.at ?? Infinity));
    expect(beforeFirst.length).toBeGreaterThanOrEqual(3);
    expect(beforeFirst[0]!.comment).toBe(': heartbeat');
    process.env.SANDBOX_STREAM_INTERVAL_MS = String(INTERVAL_MS);
  });

  it('sends {error} and closes when the upstream stays silent past the idle timeout', async () => {
    process.env.SANDBOX_STREAM_INTERVAL_MS = '5000';
    const aborted = h.sandbox.ctx.stats.abortedStreams;
    const stream = await openStream(quietServer.origin, STOCKHOLM);
    process.env.SANDBOX_STREAM_INTERVAL_MS = String(INTERVAL_MS);
    await stream.done;
    // The only message is the error: the idle timeout (1.5 s) ended it before the first workshop (due at 5 s).
    expect(stream.messages().map((m) => m.data)).toEqual([{ error: 'Timeout' }]);
    expect(stream.messages()[0]!.at).toBeGreaterThanOrEqual(1_450);
    await waitUntil(() => h.sandbox.ctx.stats.abortedStreams > aborted, 'sandbox stream aborted');
  });
});
