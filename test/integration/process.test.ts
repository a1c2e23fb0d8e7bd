import { jest } from '@jest/globals';
import { request } from 'undici';
import { spawnBff } from '../../scripts/stack/spawnedBff.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';

// Bounds only a hang reaches: each test starts one or two processes that compile the server (and the sandbox)
// with tsx, which on a busy two-core machine takes most of a minute.
jest.setTimeout(240_000);

/**
 * Runs the real entry point (`server/main.ts` through tsx) as its own process (the stack's 'process' kind); with
 * `sandbox`, as `npm start` runs it, behind scripts/withSandbox.ts, which starts the sandbox for every upstream
 * without a URL.
 */
async function runServer(env: Record<string, string>, { sandbox = true } = {}) {
  const server = await spawnBff(
    { NODE_ENV: 'test', LOG_LEVEL: 'info', SANDBOX: 'true', ...env },
    { launcher: sandbox ? [process.execPath, '--import', 'tsx', 'scripts/withSandbox.ts'] : [] },
  );
  return {
    ...server,
    /** Resolves with the port the BFF listens on, once it logs "listening" (a hang's bound: tsx on a busy machine). */
    listening: async () => Number(new URL(await server.listening(200_000)).port),
    /** The sandbox's address, from the line scripts/withSandbox.ts prints. */
    sandboxUrl: () => /sandbox on (\S+) for/.exec(server.output().stdout)?.[1],
  };
}

describe('the server process', () => {
  it('exits 1 with one line naming PORT when PORT is not a number', async () => {
    const server = await runServer({ PORT: 'abc' }, { sandbox: false });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
  });

  it('refuses to start in production with an upstream URL unset, naming it in one line', async () => {
    const upstreams = Object.fromEntries(
      ['SEARCH', 'CONTENT', 'MECHMATE', 'TIREHOTEL', 'CODEWEAVER', 'MAPS', 'MEDIA'].map((name) => [
        `UPSTREAM_${name}_URL`,
        `http://127.0.0.1:9/${name.toLowerCase()}`,
      ]),
    );
    const server = await runServer({ ...upstreams, NODE_ENV: '', PORT: '0' }, { sandbox: false });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/UPSTREAM_COMHUB_URL/);
    expect(server.output().stdout).not.toMatch(/sandbox/);
  });

  it('answers on a market host, then exits 0 on SIGTERM', async () => {
    const server = await runServer({ PORT: '0', SANDBOX_PORT: '0' });
    const port = await server.listening();
    const res = await request(`http://127.0.0.1:${port}/`, { headers: { host: `se.localhost:${port}` } });
    await res.body.text();
    expect(res.statusCode).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('finishes a slow in-flight request after SIGTERM, then exits 0', async () => {
    // The sandbox answers searches after 3 s: SIGTERM comes once the search has reached it, so while it is in flight.
    const server = await runServer({ PORT: '0', SANDBOX_PORT: '0', SANDBOX_FAULT: 'search:latency=3000' });
    const port = await server.listening();
    const inFlight = request(`http://127.0.0.1:${port}/api/search`, {
      method: 'POST',
      headers: { host: `se.localhost:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'cars', limit: 1 }),
    });
    const searches = async () => {
      const stats = (await (await fetch(`${server.sandboxUrl()}/__sandbox/stats`)).json()) as {
        requests: Record<string, number>;
      };
      return stats.requests.search ?? 0;
    };
    await waitUntil(async () => (await searches()) > 0, 'the search reaching the sandbox');
    server.child.kill('SIGTERM');
    const res = await inFlight;
    const body = (await res.body.json()) as { total_items: number };
    expect(res.statusCode).toBe(200);
    expect(body.total_items).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
  });

  it('runs in production mode when NODE_ENV is unset: no development index page, HSTS sent; DEV_INDEX_PAGE brings the index back', async () => {
    const production = await runServer({ NODE_ENV: '', PORT: '0', SANDBOX_PORT: '0', SANDBOX: 'true' });
    const port = await production.listening();
    const index = await request(`http://127.0.0.1:${port}/`, { headers: { host: `localhost:${port}` } });
    await index.body.text();
    expect(index.statusCode).toBe(404);
    const page = await request(`http://127.0.0.1:${port}/`, { headers: { host: `se.localhost:${port}` } });
    await page.body.text();
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toBeDefined();
    production.child.kill('SIGTERM');
    expect(await production.exited).toBe(0);

    const withIndex = await runServer({
      NODE_ENV: '',
      PORT: '0',
      SANDBOX_PORT: '0',
      SANDBOX: 'true',
      DEV_INDEX_PAGE: 'true',
    });
    const indexPort = await withIndex.listening();
    const listed = await request(`http://127.0.0.1:${indexPort}/`, { headers: { host: `localhost:${indexPort}` } });
    expect(await listed.body.text()).toContain('se.localhost');
    withIndex.child.kill('SIGTERM');
    expect(await withIndex.exited).toBe(0);
  });
});
