import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { installGracefulShutdown } from '../../server/http/gracefulShutdown.js';
import { Lifecycle } from '../../server/http/lifecycle.js';
import { createLogger } from '../../server/logger.js';

/** A real HTTP server with one slow route, shut down by the real shutdown handler. */
async function startSlowServer(graceMs: number) {
  const app = express();
  app.get('/slow', (req, res) => {
    setTimeout(() => res.send('finished'), Number(req.query.ms));
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
  return { url, shutdown, lifecycle, exits, dependenciesClosed: () => dependenciesClosed };
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes dependencies and exits 0', async () => {
    const s = await startSlowServer(10_000);
    const inFlight = fetch(`${s.url}/slow?ms=400`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = s.shutdown('SIGTERM');
    expect(s.lifecycle.state).toBe('stopping');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('finished');
    await stopped;
    expect(s.dependenciesClosed()).toBe(true);
    expect(s.exits).toEqual([0]);
  });

  it('stops accepting new connections once shutting down', async () => {
    const s = await startSlowServer(10_000);
    const inFlight = fetch(`${s.url}/slow?ms=300`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = s.shutdown('SIGTERM');
    await expect(fetch(`${s.url}/slow?ms=1`, { headers: { connection: 'close' } })).rejects.toThrow();
    await inFlight;
    await stopped;
  });

  it('cuts requests still running after the grace period and still exits 0', async () => {
    const s = await startSlowServer(200);
    const inFlight = fetch(`${s.url}/slow?ms=5000`).catch((err: Error) => err);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await s.shutdown('SIGTERM');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await inFlight).toHaveProperty('name', 'TypeError'); // fetch failed: the connection was cut
    expect(s.exits).toEqual([0]);
  });

  it('ends open event streams at once, so their browsers reconnect elsewhere, while a slow request finishes', async () => {
    const s = await startSlowServer(10_000);
    const stream = await fetch(`${s.url}/events`);
    const slow = fetch(`${s.url}/slow?ms=1500`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const stopped = s.shutdown('SIGTERM');
    expect(await stream.text()).toBe('id: 1\ndata: {}\n\n'); // ended cleanly, not cut
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await (await slow).text()).toBe('finished');
    await stopped;
    expect(s.exits).toEqual([0]);
  });
});
