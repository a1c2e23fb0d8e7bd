import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { installGracefulShutdown } from '../../server/http/gracefulShutdown.js';
import { Lifecycle } from '../../server/http/lifecycle.js';
import { createLogger } from '../../server/logger.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';

/**
 * A real HTTP server with one slow route, shut down by the real shutdown handler. A request to /slow
 * is held until the test calls `release()` (no real time decides when it ends); `held()` counts those waiting.
 */
async function startSlowServer(graceMs: number) {
  const app = express();
  const waiting: Array<() => void> = [];
  app.get('/slow', (_req, res) => {
    waiting.push(() => res.send('finished'));
  });
  // An event stream that never ends by itself.
  app.get('/events', (_req, res) => {
    res.setHeader('content-type', 'text/event-stream');
    res.flushHeaders();
    res.write('id: 1\ndata: {}\n\n');
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const lifecycle = new Lifecycle();
  lifecycle.state = 'ready';
  const exits: number[] = [];
  let dependenciesClosed = false;
  const shutdown = installGracefulShutdown({
    server,
    lifecycle,
    logger: createLogger({ logLevel: 'silent' }),
    graceMs,
    closeDependencies: async () => {
      dependenciesClosed = true;
    },
    exit: (code) => exits.push(code),
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const held = () => waiting.length;
  const release = () => waiting.splice(0).forEach((finish) => finish());
  return { url, shutdown, lifecycle, exits, held, release, dependenciesClosed: () => dependenciesClosed };
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes dependencies and exits 0', async () => {
    const s = await startSlowServer(10_000);
    const inFlight = fetch(`${s.url}/slow`);
    await waitUntil(() => s.held() === 1, 'request in flight');
    const stopped = s.shutdown('SIGTERM');
    expect(s.lifecycle.state).toBe('stopping');
    s.release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('finished');
    await stopped;
    expect(s.dependenciesClosed()).toBe(true);
    expect(s.exits).toEqual([0]);
  });

  it('stops accepting new connections once shutting down', async () => {
    const s = await startSlowServer(10_000);
    const inFlight = fetch(`${s.url}/slow`);
    await waitUntil(() => s.held() === 1, 'request in flight');
    const stopped = s.shutdown('SIGTERM');
    await expect(fetch(`${s.url}/slow`, { headers: { connection: 'close' } })).rejects.toThrow();
    expect(s.held()).toBe(1);
    s.release();
    await inFlight;
    await stopped;
  });

  it('cuts requests still running after the grace period and still exits 0', async () => {
    const s = await startSlowServer(200);
    const inFlight = fetch(`${s.url}/slow`).catch((err: Error) => err);
    await waitUntil(() => s.held() === 1, 'request in flight');
    // Never released: shutdown ends only because the grace period cuts it (without the cut this hangs).
    await s.shutdown('SIGTERM');
    expect(await inFlight).toHaveProperty('name', 'TypeError'); // fetch failed: the connection was cut
    expect(s.exits).toEqual([0]);
  });

  it('ends open event streams at once, so their browsers reconnect elsewhere, while a slow request finishes', async () => {
    const s = await startSlowServer(10_000);
    const stream = await fetch(`${s.url}/events`);
    const slow = fetch(`${s.url}/slow`);
    await waitUntil(() => s.held() === 1, 'request in flight');
    const stopped = s.shutdown('SIGTERM');
    // The stream ends while the slow request is still held: at once, not after the requests in flight.
    expect(await stream.text()).toBe('id: 1\ndata: {}\n\n'); // ended cleanly, not cut
    expect(s.held()).toBe(1);
    s.release();
    expect(await (await slow).text()).toBe('finished');
    await stopped;
    expect(s.exits).toEqual([0]);
  });
});
