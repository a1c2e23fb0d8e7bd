import { createServer } from 'node:http';
import { jest } from '@jest/globals';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { request as undiciRequest } from 'undici';
import { CONTENT_SANDBOX_PREVIEW_TOKEN } from '../../../contracts/upstream/content.js';
import { stackForThisFile } from '../../support/testStack.js';
import { TestClock } from '../../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

const harness = stackForThisFile({
  bff: 'app',
  env: {
    PAGE_CACHE: 'true',
    PAGE_CACHE_TTL_S: '120',
    PAGE_CACHE_SWR_S: '60',
    PAGE_CDN_MAX_AGE_S: '45',
    PAGE_CDN_SWR_S: '600',
  },
});
const get = (path: string, host = 'se.localhost') => request(harness.bff.app).get(path).set('Host', host);
/** The raw bytes of an answer over a real socket (supertest would decompress them). */
async function raw(path: string, acceptEncoding: string) {
  const server = createServer(harness.bff.app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await undiciRequest(`http://127.0.0.1:${port}${path}`, {
      headers: { host: 'se.localhost', 'accept-encoding': acceptEncoding },
    });
    return { headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  } finally {
    server.close();
  }
}
const settled = () => harness.bff.pageCache!.settled();

describe('page cache', () => {
  it('answers a page once rendered from stored bytes, in brotli, gzip or identity, with one ETag and CDN headers', async () => {
    const first = await get('/om-oss');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    await settled();
    const br = await raw('/om-oss', 'gzip, deflate, br');
    const gz = await raw('/om-oss', 'gzip');
    const plain = await raw('/om-oss', 'identity');
    expect([br.headers['x-cache'], gz.headers['x-cache'], plain.headers['x-cache']]).toEqual(['hit', 'hit', 'hit']);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString('utf8');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html);
    expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
    expect(html).toBe(first.text);
    expect(br.body.length).toBeLessThan(gz.body.length);
    for (const res of [br, gz, plain]) {
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=45, stale-while-revalidate=600');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect(br.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gz.headers.etag).toBe(br.headers.etag);
    const revalidated = await get('/om-oss').set('If-None-Match', String(br.headers.etag));
    expect(revalidated.status).toBe(304);
    expect(revalidated.text ?? '').toBe('');
  });

  it("answers repeat views before the app with the same headers, a request id of their own, and the page's metrics label", async () => {
    await get('/om-oss/karriar');
    await settled();
    // The first hit goes through the whole app, which teaches the fast path this exact request; the next ones do not.
    const viaApp = await get('/om-oss/karriar');
    const repeats = await Promise.all([
      get('/om-oss/karriar'),
      get('/om-oss/karriar').set('X-Request-Id', 'qa-trace-1'),
    ]);
    const stable = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !['x-request-id', 'date'].includes(name)));
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.text).toBe(viaApp.text);
      expect(stable(repeat.headers)).toEqual(stable(viaApp.headers));
    }
    expect(repeats[0].headers['x-request-id']).not.toBe(viaApp.headers['x-request-id']);
    expect(repeats[1].headers['x-request-id']).toBe('qa-trace-1');
    expect(harness.bff.log.lines.some((l) => l.requestId === 'qa-trace-1' && l.msg === 'request completed')).toBe(true);
    const head = await request(harness.bff.app).head('/om-oss/karriar').set('Host', 'se.localhost');
    expect([head.headers['x-cache'], head.text ?? '']).toEqual(['hit', '']);
    const metrics = await request(harness.bff.metricsApp).get('/metrics');
    const counted =
      /bff_http_request_duration_seconds_count\{route="page_cache",method="GET",status="200"\} (\d+)/.exec(
        metrics.text,
      )?.[1];
    expect(Number(counted)).toBeGreaterThanOrEqual(3);
  });

  it('never answers an old path from the cache, nor the same page for another market or a personal cookie', async () => {
    for (let i = 0; i < 3; i++) {
      const moved = await get('/kop-bil/alla-bilar-i-lager?utm_source=mail');
      expect(moved.status).toBe(301);
    }
    await get('/');
    await settled();
    for (let i = 0; i < 2; i++) await get('/');
    const norway = await get('/', 'no.localhost');
    expect(norway.text).not.toBe((await get('/')).text);
    const preview = await get(`/?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`);
    const cookie = String(preview.headers['set-cookie']).split(';')[0]!;
    expect((await get('/').set('Cookie', cookie)).headers['x-cache']).toBe('bypass');
  });

  it('keys by the page-changing parameters, sorted, and leaves tracking parameters out', async () => {
    await get('/kop-bil/sok-bil?car_fuel=El&sort=newest');
    await settled();
    const reordered = await get('/kop-bil/sok-bil?sort=newest&utm_source=mail&car_fuel=El&gclid=x');
    expect(reordered.headers['x-cache']).toBe('hit');
    const other = await get('/kop-bil/sok-bil?car_fuel=Diesel&sort=newest');
    expect(other.headers['x-cache']).toBe('miss');
  });

  it('bypasses editing mode, personal cookies and other methods, and stores none of them', async () => {
    const editing = await get(`/om-oss/kontakt?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`);
    expect(editing.headers['x-cache']).toBe('bypass');
    expect(editing.headers['cache-control']).toBe('private, no-store');
    const cookie = String(editing.headers['set-cookie']).split(';')[0]!;
    const withCookie = await get('/om-oss/kontakt').set('Cookie', cookie);
    expect(withCookie.headers['x-cache']).toBe('bypass');
    expect(withCookie.headers['cache-control']).toBe('private, no-store');
    const post = await request(harness.bff.app).post('/om-oss/kontakt').set('Host', 'se.localhost');
    expect(post.headers['x-cache']).toBe('bypass');
    await settled();
    // None of them filled the cache: the first anonymous view renders.
    expect((await get('/om-oss/kontakt')).headers['x-cache']).toBe('miss');
  });

  it('never stores a 503 (content service down) or a page with a part left out', async () => {
    harness.sandbox.ctx.faults.set('content', { status: 503 });
    const down = await get('/service-och-verkstad');
    expect(down.status).toBe(503);
    expect(down.headers['x-cache']).toBe('bypass');
    expect(down.headers['cache-control']).toBe('no-store');
    await settled();
    harness.sandbox.ctx.faults.clear();
    const up = await get('/service-och-verkstad');
    expect(up.status).toBe(200);
    expect(up.headers['x-cache']).toBe('miss');

    harness.sandbox.ctx.faults.set('search', { status: 503 });
    const partial = await get('/anlaggningar');
    expect(partial.status).toBe(200);
    expect(partial.headers['x-cache']).toBe('bypass');
    await settled();
    harness.sandbox.ctx.faults.clear();
    expect((await get('/anlaggningar')).headers['x-cache']).toBe('miss');
  });

  it('makes one render and one call per upstream for 1,000 concurrent requests for a cold page', async () => {
    // What one render of the page costs upstream, measured on a page of the same kind.
    harness.sandbox.ctx.stats.reset();
    await get('/om-oss/hallbarhet');
    const oneRender = { ...harness.sandbox.ctx.stats.requests };
    expect(oneRender.content).toBeGreaterThan(0);
    await settled();
    harness.sandbox.ctx.stats.reset();
    const server = createServer(harness.bff.app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    try {
      const answers = await Promise.all(
        Array.from({ length: 1_000 }, async () => {
          const res = await undiciRequest(`http://127.0.0.1:${port}/om-oss/vanliga-fragor?utm_campaign=x`, {
            headers: { host: 'se.localhost' },
          });
          return { status: res.statusCode, cache: res.headers['x-cache'], body: await res.body.text() };
        }),
      );
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      expect(answers.filter((a) => a.cache === 'miss').length + answers.filter((a) => a.cache === 'hit').length).toBe(
        1_000,
      );
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    } finally {
      server.close();
    }
    // The page itself once; navigation, alert and brands come from the layout cache the first render filled.
    expect(harness.sandbox.ctx.stats.requests).toEqual({ content: 1 });
  });

  it('shows its hit ratio in /metrics', async () => {
    const metrics = await request(harness.bff.metricsApp).get('/metrics');
    expect(metrics.text).toMatch(/bff_page_cache_total\{result="hit"\} [1-9]/);
    const ratio = Number(/^bff_page_cache_hit_ratio (\S+)$/m.exec(metrics.text)?.[1]);
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(1);
    expect(metrics.text).toMatch(/^bff_page_cache_bytes [1-9]/m);
  });
});

describe('page cache after its fresh time', () => {
  const clock = new TestClock();
  const staleHarness = stackForThisFile({
    bff: 'app',
    env: { PAGE_CACHE: 'true', PAGE_CACHE_TTL_S: '1', PAGE_CACHE_SWR_S: '60' },
    clock,
  });
  const staleGet = (path: string) => request(staleHarness.bff.app).get(path).set('Host', 'se.localhost');

  it('serves a stale page while one render refreshes it, and keeps serving it when the refresh fails', async () => {
    await staleGet('/nyheter');
    await staleHarness.bff.pageCache!.settled();
    clock.advance(1_100);
    staleHarness.sandbox.ctx.faults.set('content', { status: 503 });
    const stale = await staleGet('/nyheter');
    expect(stale.status).toBe(200);
    expect(stale.headers['x-cache']).toBe('stale');
    await staleHarness.bff.pageCache!.settled();
    const stillStale = await staleGet('/nyheter');
    expect(stillStale.status).toBe(200);
    expect(stillStale.headers['x-cache']).toBe('stale');
    expect(stillStale.text).toBe(stale.text);
  });
});
