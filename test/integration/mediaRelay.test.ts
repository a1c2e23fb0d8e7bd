import { jest } from '@jest/globals';
import supertest from 'supertest';
import { Agent, request } from 'undici';
import { stackForThisFile } from '../support/testStack.js';
import { listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

const peers = stackForThisFile({ bff: 'app', env: { UPSTREAM_MEDIA_TIMEOUT_MS: '500' } });
let server: Awaited<ReturnType<typeof listen>>;
// One keep-alive connection, as a browser reuses one for a page's images.
const agent = new Agent({ connections: 1, pipelining: 0 });
beforeAll(async () => {
  server = await listen(peers.bff.app);
});
afterAll(async () => {
  await agent.close();
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  request(`${server.origin}${path}`, { dispatcher: agent, headers: { host: 'uk.localhost', ...headers } });

describe('the media relay', () => {
  it('relays a file whole, with its type and caching headers', async () => {
    const res = await get('/media/brands/volvo.svg');
    const body = await res.body.text();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(body).toMatch(/<\/svg>\s*$/);
  });

  it('makes a photograph asked for without a width (never relayed: its metadata stays behind), in the version its URL names, kept a year; a version the media service never gave is 404', async () => {
    const page = await (await get('/')).body.text();
    const photo = /"(\/media\/[\w/-]+\.jpg\?v=[0-9a-f]{10})&amp;w=/.exec(page)![1]!;
    // Made at the media service first: its first photograph takes longer than this file's 500 ms deadline.
    await (await fetch(`${peers.sandbox.url}${photo}`)).arrayBuffer();
    const res = await get(photo);
    await res.body.dump();
    expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'public, max-age=31536000, immutable',
    ]);
    const other = await get(`${photo.slice(0, photo.indexOf('?'))}?v=0123456789`);
    expect([other.statusCode, await other.body.text()]).toEqual([404, '']);
    const unversioned = await get(photo.slice(0, photo.indexOf('?')));
    await unversioned.body.dump();
    expect([unversioned.statusCode, unversioned.headers['cache-control']]).toEqual([200, 'public, max-age=3600']);
  });

  it('answers a missing file with a complete, empty 404, and the connection is reused at once', async () => {
    await (await get('/media/brands/volvo.svg')).body.dump(); // warm the connection
    // A body left open would hold `text()` (and the one connection) until the test's timeout: a hang, not a figure.
    for (let i = 0; i < 3; i++) {
      const res = await get('/media/9999/no-such-price-list.pdf');
      const body = await res.body.text();
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-length']).toBe('0');
      expect(body).toBe('');
    }
  });

  it('answers 304 to a matching conditional request', async () => {
    const first = await get('/media/brands/volvo.svg');
    await first.body.dump();
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    const res = await get('/media/brands/volvo.svg', { 'if-none-match': String(etag) });
    expect(res.statusCode).toBe(304);
    expect(await res.body.text()).toBe('');
  });

  it('never serves a web page the media service gives instead of a file: an empty 502', async () => {
    peers.sandbox.ctx.faults.set('media', { wrongContentType: true });
    const res = await get('/media/brands/volvo.svg');
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toBeUndefined();
    expect(await res.body.text()).toBe('');
  });

  it('answers an empty 504 within the deadline when the media service hangs, and counts it in /metrics', async () => {
    peers.sandbox.ctx.faults.set('media', { hang: true });
    // The 504 itself says the deadline fired (the upstream never answers); its length is the config's, not measured here.
    const res = await get('/media/brands/volvo.svg');
    expect(res.statusCode).toBe(504);
    expect(await res.body.text()).toBe('');
    peers.sandbox.ctx.faults.clear();
    const metrics = (await supertest(peers.bff.metricsApp).get('/metrics')).text;
    expect(metrics).toMatch(/bff_upstream_request_duration_seconds_count\{service="media",outcome="timeout"\} [1-9]/);
  });

  it('ends the connection when a file breaks off mid-way, so it never looks whole', async () => {
    peers.sandbox.ctx.faults.set('media', { cut: true });
    const res = await get('/media/brands/volvo.svg');
    expect(res.statusCode).toBe(200);
    await expect(res.body.text()).rejects.toThrow();
  });
});
