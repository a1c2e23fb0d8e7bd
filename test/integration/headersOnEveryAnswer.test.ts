import { jest } from '@jest/globals';
import { API_OPERATIONS } from '../../server/api/apiRouter.js';
import { searchOperation } from '../../server/api/searchRoutes.js';
import { closestAvailableOperation } from '../../server/api/workshopStream.js';
import { operationTarget } from '../support/faultMatrix.js';
import { rawRequest, type RawAnswer, type RawOptions } from '../support/rawHttp.js';
import { stackForThisFile } from '../support/testStack.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';
import { listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(120_000);

// Production (HSTS is sent there) with the page cache on, so its fast path answers too.
const peers = stackForThisFile({ bff: 'app', env: { NODE_ENV: 'production', DEV_HOSTS: 'true', PAGE_CACHE: 'true' } });
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(peers.bff.app);
});
afterAll(() => server.close());

/** Asks until the answer is a cache hit: a miss is stored after it is sent (compressed off the answer's path). */
async function cacheHit(ask: () => Promise<RawAnswer>): Promise<void> {
  await waitUntil(async () => (await ask()).headers['x-cache'] === 'hit', 'a cache hit', { everyMs: 100 });
}

const send = (host: string, target: string, options?: RawOptions) => rawRequest(server.origin, host, target, options);

/** What every answer carries, whoever answers it: Express, a fast path or the request-target check. */
const EVERY_ANSWER = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'permissions-policy',
  'referrer-policy',
  'x-frame-options',
];

function missing(answer: RawAnswer): string[] {
  const gone = EVERY_ANSWER.filter((name) => answer.headers[name] === undefined);
  if (answer.headers['x-content-type-options'] !== undefined && answer.headers['x-content-type-options'] !== 'nosniff')
    gone.push('nosniff');
  if (!/camera=\(\)/.test(String(answer.headers['permissions-policy'] ?? '')))
    gone.push('camera=() in permissions-policy');
  return gone;
}

/** Public API answers by design (the same for everyone); every other /api answer is not kept by anyone. */
const PUBLIC_API = new Set(['GET /api/stories']);

describe('the headers of every answer', () => {
  it('sends the security headers and a Permissions-Policy on one answer of every kind', async () => {
    const home = await send('se.localhost', '/');
    const asset = /<link rel="stylesheet" href="([^"]+)"/.exec(home.text)?.[1];
    // A file the relay sends as it is: an SVG logo.
    const media = /(?:src|href)="(\/media\/[^"?]+\.svg)"/.exec(home.text)?.[1];
    // A photograph the page shows, at a width of the allow-list: the pipeline makes it, then holds it for its fast path.
    const picture = /(?:src|href)="(\/media\/[\w/-]+\.jpg\?v=[0-9a-f]+)[&"]/.exec(home.text)?.[1];
    expect([asset, media, picture]).toEqual([
      expect.stringMatching(/^\/assets\//),
      expect.stringMatching(/^\/media\//),
      expect.stringMatching(/^\/media\//),
    ]);
    const variant = `${picture}&w=384`;
    const search = operationTarget(searchOperation);
    const stream = operationTarget(closestAvailableOperation);
    const searchOnce = () =>
      send(search.host, search.path, { method: 'POST', body: search.body!, headers: search.headers });

    const kinds: Array<[string, () => Promise<RawAnswer>]> = [
      ['page', () => send('se.localhost', '/')],
      // Once the page is stored, a hit teaches the fast path, which answers the next one before Express.
      ['page from the cache', async () => (await cacheHit(() => send('se.localhost', '/')), send('se.localhost', '/'))],
      ['404 page', () => send('se.localhost', '/no-such-page')],
      ['redirect', () => send('uk.localhost', '/en//evil.com')],
      ['/api JSON', () => send('se.localhost', '/api/places/autocomplete?input=goteborg')],
      ['/api error', () => send('se.localhost', '/api/places/autocomplete')],
      ['/api unknown route', () => send('se.localhost', '/api/nothing-here')],
      ['/api search', searchOnce],
      // The second identical search is answered by the search fast path, before Express.
      ['/api search from the fast path', async () => (await cacheHit(searchOnce), searchOnce())],
      ['event stream', () => send(stream.host, stream.path, { headersOnly: true })],
      ['/media', () => send('se.localhost', media!)],
      ['/media variant', () => send('se.localhost', variant)],
      // Held once made: the next one is answered by the picture fast path, before Express.
      ['/media variant from the fast path', () => send('se.localhost', variant)],
      ['asset', () => send('se.localhost', asset!)],
      ['favicon', () => send('se.localhost', '/favicon.ico')],
      ['/healthz', () => send('se.localhost', '/healthz')],
      ['/readyz', () => send('se.localhost', '/readyz')],
      // The scrape itself is on the operator's own listener (METRICS_PORT): a market host answers 404, with the headers.
      ['/metrics', () => send('se.localhost', '/metrics')],
      ['unknown host', () => send('nowhere.example', '/')],
      ['414', () => send('se.localhost', '/' + 'a'.repeat(9_000))],
    ];
    const problems: string[] = [];
    const answered: Record<string, string> = {};
    for (const [kind, ask] of kinds) {
      const answer = await ask();
      answered[kind] = kind.includes('from the')
        ? `${answer.status} ${String(answer.headers['x-cache'])}`
        : String(answer.status);
      const gone = missing(answer);
      if (gone.length > 0) problems.push(`${kind} (${answer.status}): no ${gone.join(', ')}`);
    }
    expect(problems).toEqual([]);
    // Each kind was what it says: the cached answers came from the caches.
    expect(answered).toMatchObject({
      page: '200',
      'page from the cache': '200 hit',
      '404 page': '404',
      redirect: '301',
      '/api JSON': '200',
      '/api error': '400',
      '/api search from the fast path': '200 hit',
      'event stream': '200',
      '/media': '200',
      '/media variant': '200',
      '/media variant from the fast path': '200 hit',
      asset: '200',
      '/metrics': '404',
      '414': '414',
    });
  });

  it("the operator's metrics listener answers with nosniff and no-store", async () => {
    const metrics = await listen(peers.bff.metricsApp);
    try {
      const answer = await rawRequest(metrics.origin, 'localhost', '/metrics');
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    } finally {
      await metrics.close();
    }
  });

  it('gives every /api answer a deliberate Cache-Control: no-store unless the route is public', async () => {
    const problems: string[] = [];
    for (const op of API_OPERATIONS) {
      const target = operationTarget(op);
      const answer = await send(target.host, target.path, {
        method: target.method,
        headers: target.headers,
        ...(target.body ? { body: target.body } : {}),
        headersOnly: target.kind === 'stream',
      });
      const cacheControl = String(answer.headers['cache-control'] ?? '');
      const expected = PUBLIC_API.has(target.name)
        ? /^public, max-age=\d+$/
        : target.kind === 'stream'
          ? /^no-cache/
          : /^no-store$/;
      if (!expected.test(cacheControl))
        problems.push(`${target.name} (${answer.status}): Cache-Control "${cacheControl}"`);
    }
    for (const [name, path] of [
      ['an unknown /api route', '/api/nothing-here'],
      ['a refused query', '/api/places/autocomplete'],
      ['a refused story query', '/api/stories?lang=xx'],
    ]) {
      const answer = await send('se.localhost', path!);
      if (answer.headers['cache-control'] !== 'no-store')
        problems.push(`${name} (${answer.status}): Cache-Control "${String(answer.headers['cache-control'])}"`);
    }
    expect(problems).toEqual([]);
  });
});
