import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { jest } from '@jest/globals';
import request from 'supertest';
import { request as undiciRequest } from 'undici';
import { stackForThisFile } from '../../support/testStack.js';

jest.setTimeout(30_000);

/** 300 KB of new pages a minute per client: a handful of /om-oss pages (each carries its first-screen styles inline). */
const BUDGET_BYTES = 0.3 * 1024 * 1024;
const harness = stackForThisFile({
  bff: 'app',
  env: {
    PAGE_CACHE: 'true',
    PAGE_CACHE_TTL_S: '120',
    STORE_BUDGET_PAGES: '0.3/60',
    TRUST_PROXY: '1',
  },
});
const get = (path: string, client: string) =>
  request(harness.bff.app).get(path).set('Host', 'se.localhost').set('X-Forwarded-For', client);
const settled = () => harness.bff.pageCache!.settled();

describe('what one client can make the page cache store', () => {
  it("keeps only a client's budget of new pages' bytes a minute; beyond it, that client's pages are served whole but not kept", async () => {
    const plain = await get('/om-oss?keyphrase=plain', '192.0.2.200');
    await settled();
    const before = harness.bff.pageCache!.stats;
    const results: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await get(`/om-oss?keyphrase=flood-${i}`, '203.0.113.7');
      expect(res.status).toBe(200);
      // Served whole either way: the same page as anyone else's, with its keyphrase.
      expect(res.text.length).toBeGreaterThan(plain.text.length * 0.9);
      results.push(String(res.headers['x-cache']));
    }
    const kept = results.filter((r) => r === 'miss').length;
    // The first pages are kept, and once the budget is spent every later one is served but not kept.
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(results).toEqual([...Array<string>(kept).fill('miss'), ...Array<string>(12 - kept).fill('bypass')]);
    await settled();
    const after = harness.bff.pageCache!.stats;
    expect(after.entries).toBe(before.entries + kept);
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    // What it stored is still shared, with it and everyone; another client has a budget of its own.
    expect((await get('/om-oss?keyphrase=flood-0', '203.0.113.7')).headers['x-cache']).toBe('hit');
    expect((await get('/om-oss?keyphrase=flood-11', '198.51.100.2')).headers['x-cache']).toBe('miss');
  });
});

describe("what one client can make the page cache's fast path learn", () => {
  /** The fast path's learned requests, in bytes, as /metrics reports them. */
  const learnedBytes = async () =>
    Number(
      /^bff_cache_bytes\{cache="page_fast_path"\} (\S+)$/m.exec(
        (await request(harness.bff.metricsApp).get('/metrics')).text,
      )?.[1],
    );

  it('learns the URLs a client makes up (junk parameters on a cached page) only within its budget, so it cannot push out what everyone else asks', async () => {
    await get('/om-oss/kontakt', '192.0.2.201');
    await settled();
    const before = await learnedBytes();
    for (let i = 0; i < 400; i++) {
      const res = await get(`/om-oss/kontakt?utm_content=${i}-${'x'.repeat(120)}`, '203.0.113.50');
      expect(res.headers['x-cache']).toBe('hit');
    }
    await settled();
    expect((await learnedBytes()) - before).toBeLessThanOrEqual(BUDGET_BYTES);
    // Another shopper's request is learned as ever: the next one is answered before Express.
    expect((await get('/om-oss/kontakt', '192.0.2.202')).headers['x-cache']).toBe('hit');
  });
});

describe('compressing a cached page', () => {
  /** The raw bytes of an answer over a real socket (supertest would decompress them). */
  async function raw(path: string) {
    const server = createServer(harness.bff.app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await undiciRequest(`http://127.0.0.1:${port}${path}`, {
        headers: { host: 'se.localhost', 'accept-encoding': 'br, gzip', 'x-forwarded-for': '192.0.2.9' },
      });
      return { headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
    } finally {
      server.close();
    }
  }

  it('sends a page asked for once quickly compressed, and at best quality once it is asked for again', async () => {
    const first = await raw('/om-oss/hallbarhet');
    expect([first.headers['x-cache'], first.headers['content-encoding']]).toEqual(['miss', 'br']);
    const again = await raw('/om-oss/hallbarhet');
    expect(again.headers['x-cache']).toBe('hit');
    await settled();
    const best = await raw('/om-oss/hallbarhet');
    expect(best.headers['x-cache']).toBe('hit');
    expect(best.headers.etag).toBe(first.headers.etag);
    expect(brotliDecompressSync(best.body).equals(brotliDecompressSync(first.body))).toBe(true);
    expect(best.body.length).toBeLessThan(first.body.length);
  });
});
