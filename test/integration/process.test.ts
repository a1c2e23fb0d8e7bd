import { jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import { request } from 'undici';

jest.setTimeout(30_000);

/** Runs the real entry point (`server/main.ts` through tsx) as its own process. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = async () => {
    const deadline = Date.now() + 60_000; // a hang's bound: tsx compiling on a busy machine takes a while
    while (!/"msg":"listening"/.test(stdout)) {
      if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('the server process', () => {
  it('exits 1 with one line naming PORT when PORT is not a number', async () => {
    const server = runServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
  });

  it('refuses to start in production with an upstream URL unset, naming it in one line, unless SANDBOX=true', async () => {
    const upstreams = Object.fromEntries(
      ['SEARCH', 'CONTENT', 'MECHMATE', 'TIREHOTEL', 'CODEWEAVER', 'MAPS', 'MEDIA'].map((name) => [
        `UPSTREAM_${name}_URL`,
        `http://127.0.0.1:9/${name.toLowerCase()}`,
      ]),
    );
    const server = runServer({ ...upstreams, NODE_ENV: '', PORT: '0', SANDBOX_PORT: '0' });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/UPSTREAM_COMHUB_URL/);
    expect(server.output().stdout).not.toMatch(/sandbox/);
  });

  it('answers on a market host, then exits 0 on SIGTERM', async () => {
    const server = runServer({ PORT: '3917', SANDBOX_PORT: '0' });
    await server.listening();
    const res = await request('http://127.0.0.1:3917/', { headers: { host: 'se.localhost:3917' } });
    await res.body.text();
    expect(res.statusCode).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('finishes a slow in-flight request after SIGTERM, then exits 0', async () => {
    // The embedded sandbox answers searches after 1.5 s, so the search is in flight when SIGTERM arrives.
    const server = runServer({ PORT: '3919', SANDBOX_PORT: '0', SANDBOX_FAULT: 'search:latency=1500' });
    await server.listening();
    const inFlight = request('http://127.0.0.1:3919/api/search', {
      method: 'POST',
      headers: { host: 'se.localhost:3919', 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'cars', limit: 1 }),
    });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    const res = await inFlight;
    const body = (await res.body.json()) as { total_items: number };
    expect(res.statusCode).toBe(200);
    expect(body.total_items).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
  });

  it('runs in production mode when NODE_ENV is unset: no development index page, HSTS sent; DEV_INDEX_PAGE brings the index back', async () => {
    const portOf = (stdout: string) => Number(/"msg":"listening"/.test(stdout) && /"port":(\d+)/.exec(stdout)?.[1]);
    const production = runServer({ NODE_ENV: '', PORT: '0', SANDBOX_PORT: '0', SANDBOX: 'true' });
    await production.listening();
    const port = portOf(production.output().stdout);
    const index = await request(`http://127.0.0.1:${port}/`, { headers: { host: `localhost:${port}` } });
    await index.body.text();
    expect(index.statusCode).toBe(404);
    const page = await request(`http://127.0.0.1:${port}/`, { headers: { host: `se.localhost:${port}` } });
    await page.body.text();
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toBeDefined();
    production.child.kill('SIGTERM');
    expect(await production.exited).toBe(0);

    const withIndex = runServer({
      NODE_ENV: '',
      PORT: '0',
      SANDBOX_PORT: '0',
      SANDBOX: 'true',
      DEV_INDEX_PAGE: 'true',
    });
    await withIndex.listening();
    const indexPort = portOf(withIndex.output().stdout);
    const listed = await request(`http://127.0.0.1:${indexPort}/`, { headers: { host: `localhost:${indexPort}` } });
    expect(await listed.body.text()).toContain('se.localhost');
    withIndex.child.kill('SIGTERM');
    expect(await withIndex.exited).toBe(0);
  });
});
