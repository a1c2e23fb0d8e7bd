import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { request } from 'undici';
import { MARKETS } from '../../markets/registry.js';
import { CONTENT_SANDBOX_PREVIEW_TOKEN } from '../../contracts/upstream/content.js';
import { PERSONAL_COOKIES } from '../../server/http/personalCookies.js';
import { startEdgeNginx, type EdgeNginx } from '../support/edgeNginx.js';
import { startTestStack } from '../support/testStack.js';
import { ensureClientBuild } from '../../scripts/stack/samplePages.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';

jest.setTimeout(90_000);

// deploy/nginx/ with its edge cache switched on (Debian's nginx) in front of the whole product with its page cache.
const sweden = MARKETS.find((m) => m.id === 'se')!;
const norway = MARKETS.find((m) => m.id === 'no')!;
const CHROME_PICTURE = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const FIREFOX_PICTURE = 'image/avif,image/webp,*/*';
const SAFARI_15_PICTURE = 'image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5';

let stack: Awaited<ReturnType<typeof startTestStack<'server'>>>;
let bff: typeof stack.bff;
let edge: EdgeNginx;

beforeAll(async () => {
  ensureClientBuild();
  // A page missing a part is kept by no cache: on a loaded machine the sandbox gets the time it needs.
  stack = await startTestStack({ bff: 'server', env: { PAGE_CACHE: 'true', UPSTREAM_TIMEOUT_MS: '15000' } });
  bff = stack.bff;
  edge = await startEdgeNginx([Number(new URL(bff.url).port)]);
});
afterAll(async () => {
  await edge?.stop();
  await stack?.stop();
});

interface Answer {
  status: number;
  edge: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

async function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await request(`${origin}${path}`, {
    headers: { host: sweden.devHostname, 'accept-encoding': 'br, gzip', ...headers },
  });
  const body = Buffer.from(await res.body.arrayBuffer());
  return {
    status: res.statusCode,
    edge: res.headers['x-cache-status'] as string | undefined,
    headers: res.headers,
    body,
  };
}
const viaEdge = (path: string, headers?: Record<string, string>) => get(edge.url, path, headers);

describe('the edge cache of deploy/nginx', () => {
  it('serves a page it has from the edge, the same bytes to every shopper of that host and encoding', async () => {
    const first = await viaEdge(sweden.paths.carList);
    expect([first.status, first.edge]).toEqual([200, 'MISS']);
    // Stored from its second request on (proxy_cache_min_uses 2): one nobody asks again never takes disk.
    expect((await viaEdge(sweden.paths.carList)).edge).toBe('MISS');
    const again = await viaEdge(sweden.paths.carList, { cookie: 'hideAlert=true; _ga=GA1.1.1' });
    expect([again.status, again.edge, again.headers['content-encoding']]).toEqual([200, 'HIT', 'br']);
    expect(again.body.equals(first.body)).toBe(true);
    // Another encoding and another market's host are entries of their own.
    const gzip = await viaEdge(sweden.paths.carList, { 'accept-encoding': 'gzip, deflate' });
    expect([gzip.edge, gzip.headers['content-encoding']]).toEqual(['MISS', 'gzip']);
    await viaEdge(sweden.paths.carList, { 'accept-encoding': 'gzip' });
    const gzipAgain = await viaEdge(sweden.paths.carList, { 'accept-encoding': 'deflate, gzip' });
    expect([gzipAgain.edge, gzipAgain.headers['content-encoding']]).toEqual(['HIT', 'gzip']);
    const norwegian = await viaEdge(sweden.paths.carList, { host: norway.devHostname });
    expect(norwegian.edge).not.toBe('HIT');
    expect(norwegian.body.equals(first.body)).toBe(false);
  });

  it.each(PERSONAL_COOKIES)('sends a request with the personal cookie %s past the edge', async (name) => {
    const anonymous = await viaEdge('/');
    await viaEdge('/');
    const personal = await viaEdge('/', { cookie: `hideAlert=true; ${name}=${CONTENT_SANDBOX_PREVIEW_TOKEN}` });
    expect(personal.status).toBe(200);
    expect(personal.edge).toBe('BYPASS');
    const after = await viaEdge('/');
    expect(after.edge).toBe('HIT');
    expect(after.body.equals(anonymous.body)).toBe(true);
  });

  it("never keeps an editor's page, whose answer sets a cookie, nor shows it to the next shopper", async () => {
    await viaEdge('/om-oss');
    const published = await viaEdge('/om-oss');
    // `%70review` is `preview` to the BFF but not to nginx's maps: only the answer's own headers keep it out.
    for (const path of [
      `/om-oss?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`,
      `/om-oss?%70review=${CONTENT_SANDBOX_PREVIEW_TOKEN}`,
    ])
      for (let i = 0; i < 2; i++) {
        const editing = await viaEdge(path);
        expect(editing.status).toBe(200);
        expect(editing.headers['set-cookie']).toBeDefined();
        expect(editing.edge).not.toBe('HIT');
      }
    const shopper = await viaEdge('/om-oss');
    expect(shopper.edge).toBe('HIT');
    expect(shopper.headers['set-cookie']).toBeUndefined();
    expect(shopper.body.equals(published.body)).toBe(true);
  });

  it('keeps a picture once per format its Accept names: AVIF, WebP, neither', async () => {
    const home = (await get(bff.url, '/', { 'accept-encoding': 'identity' })).body.toString();
    const picture = [...home.matchAll(/\/media\/[^"' ?]+\?[^"' ]*/g)]
      .map(([address]) => address.replace(/&amp;/g, '&'))
      .find((address) => /[?&]w=\d+/.test(address))!;
    // The BFF sends a WebP for a minute while it makes the AVIF: asked directly until it has it.
    await waitUntil(
      async () => (await get(bff.url, picture, { accept: CHROME_PICTURE })).headers['content-type'] === 'image/avif',
      'the AVIF made',
      { timeoutMs: 60_000, everyMs: 100 },
    );
    // Each format's entry counted once (stored from its second request on).
    for (const accept of [CHROME_PICTURE, 'image/webp,*/*', '*/*']) await viaEdge(picture, { accept });
    const asked: Array<[string, string, string]> = [];
    for (const [accept, type] of [
      [CHROME_PICTURE, 'image/avif'],
      [FIREFOX_PICTURE, 'image/avif'],
      [SAFARI_15_PICTURE, 'image/webp'],
      ['image/webp,*/*', 'image/webp'],
      ['*/*', 'image/jpeg'],
      ['image/avif;q=0, image/webp', 'image/webp'],
      ['image/png', 'image/jpeg'],
    ] as const) {
      const answer = await viaEdge(picture, { accept });
      expect(answer.headers['content-type']).toBe(type);
      asked.push([accept, type, answer.edge!]);
    }
    expect(asked.map(([, type, status]) => `${type} ${status}`)).toEqual([
      'image/avif MISS',
      'image/avif HIT',
      'image/webp MISS',
      'image/webp HIT',
      'image/jpeg MISS',
      'image/webp HIT',
      'image/jpeg HIT',
    ]);
  });

  it('passes /api through: a POST reaches the BFF every time, a GET is not kept', async () => {
    const post = async () => {
      const res = await request(`${edge.url}/api/search`, {
        method: 'POST',
        headers: { host: sweden.devHostname, 'content-type': 'application/json' },
        body: JSON.stringify({ index: 'no-such-index' }),
      });
      const body = (await res.body.json()) as { error: { requestId: string } };
      return { status: res.statusCode, edge: res.headers['x-cache-status'], requestId: body.error.requestId };
    };
    const [one, two] = [await post(), await post()];
    expect([one.status, two.status]).toEqual([400, 400]);
    expect([one.edge, two.edge]).toEqual([undefined, undefined]);
    expect(one.requestId).not.toBe(two.requestId);
    await viaEdge('/api/stories');
    const stories = await viaEdge('/api/stories');
    expect([stories.status, stories.edge]).toEqual([200, 'BYPASS']);
  });
});
