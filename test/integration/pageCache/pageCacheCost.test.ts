import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { jest } from '@jest/globals';
import request from 'supertest';
import { request as undiciRequest } from 'undici';
import { sandboxedBffForThisFile } from '../../support/sandboxedBff.js';

jest.setTimeout(30_000);

const harness = sandboxedBffForThisFile({ PAGE_CACHE: 'true', PAGE_CACHE_TTL_S: '120', PAGE_CACHE_STORES_PER_CLIENT_PER_MIN: '3', TRUST_PROXY: '1' });
const get = (path: string, client: string) => request(harness.bff.app).get(path).set('Host', 'se.localhost').set('X-Forwarded-For', client);
const settled = () => harness.bff.pageCache!.settled();
const entries = () => harness.bff.pageCache!.stats.entries;

describe('what one client can make the page cache store', () => {
  it('stores only a client\'s budget of new pages a minute; beyond it, that client\'s pages are rendered for it alone', async () => {
    const before = entries();
    const results: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await get(`/om-oss?keyphrase=flood-${i}`, '203.0.113.7');
      expect(res.status).toBe(200);
      results.push(String(res.headers['x-cache']));
    }
    expect(results).toEqual(['miss', 'miss', 'miss', 'bypass', 'bypass', 'bypass']);
    await settled();
    expect(entries()).toBe(before + 3);
    // What it stored is still shared, with it and everyone; another client has a budget of its own.
    expect((await get('/om-oss?keyphrase=flood-0', '203.0.113.7')).headers['x-cache']).toBe('hit');
    expect((await get('/om-oss?keyphrase=flood-4', '198.51.100.2')).headers['x-cache']).toBe('miss');
  });
});

describe('compressing a cached page', () => {
  /** The raw bytes of an answer over a real socket (supertest would decompress them). */
  async function raw(path: string) {
    const server = createServer(harness.bff.app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await undiciRequest(`http://127.0.0.1:${port}${path}`, { headers: { host: 'se.localhost', 'accept-encoding': 'br, gzip', 'x-forwarded-for': '192.0.2.9' } });
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
