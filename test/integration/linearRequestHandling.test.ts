import { jest } from '@jest/globals';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';
import { MARKETS } from '../../markets/registry.js';
import { normaliseSearchRequest } from '../../server/searchCache/normaliseSearchRequest.js';
import { chooseEncoding } from '../../server/http/contentEncoding.js';
import { splitLanguagePath } from '../../server/markets/languagePath.js';
import { normaliseHost } from '../../server/markets/resolveMarket.js';
import { loadRedirects } from '../../server/redirects/load-redirects.js';
import { parseRequestTarget } from '../../server/redirects/request-path.js';
import { resolveRedirect } from '../../server/redirects/resolve-redirect.js';
import { rawGet } from '../support/rawHttp.js';
import { stackForThisFile } from '../support/testStack.js';
import { listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(60_000);

/**
 * No figures here: the answers below are checked for what they are, and the patterns behind them are run on
 * inputs ten times longer than any request can carry, where a quadratic pattern (the old `/\/+$/` took seconds
 * on 16,000 slashes) takes minutes and a linear one milliseconds. The bound between them only a hang reaches.
 * How fast the patterns are is a benchmark's figure (`npm run bench:redirects`).
 */
const HANG_MS = 5_000;
const SCALE = 10;

const peers = stackForThisFile({ bff: 'app' });
// The limit raised to Node's own header bound, so the patterns behind it meet the 16,000 slashes.
const wide = stackForThisFile({ bff: 'app', env: { MAX_REQUEST_TARGET_BYTES: '16384' } });
let server: Awaited<ReturnType<typeof listen>>;
let wideServer: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(peers.bff.app);
  wideServer = await listen(wide.bff.app);
});
afterAll(async () => {
  await server.close();
  await wideServer.close();
});

/** Sends the hostile requests all at once and asks /healthz while they are in flight. */
async function withHealthProbe(hostile: Array<() => ReturnType<typeof rawGet>>, origin = server.origin) {
  const answers = Promise.all(hostile.map((send) => send()));
  await new Promise((resolve) => setImmediate(resolve));
  const health = await rawGet(origin, 'se.localhost', '/healthz');
  return { answers: await answers, health };
}

/** The pattern's own time: the best of three runs, so a garbage collection is not counted. */
function timed(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('request handling stays linear in the length of the request', () => {
  it('answers a path of 16,000 slashes with 414 at once, three in parallel, while /healthz keeps answering', async () => {
    const path = '/'.repeat(16_000) + 'a';
    const { answers, health } = await withHealthProbe(
      [1, 2, 3].map(() => () => rawGet(server.origin, 'se.localhost', path)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(414);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'uri_too_long' } });
    }
    expect(health.status).toBe(200);
  });

  it('serves 16,000 slashes and a letter as a 404 page on every market and language, with the limit raised', async () => {
    for (const market of MARKETS) {
      const language = market.languages[1];
      const paths = ['/'.repeat(16_000) + 'a', ...(language ? [`/${language}${'/'.repeat(16_000)}a`] : [])];
      for (const path of paths) {
        const { answers, health } = await withHealthProbe(
          [() => rawGet(wideServer.origin, market.devHostname, path)],
          wideServer.origin,
        );
        expect([answers[0]!.status, market.id]).toEqual([404, market.id]);
        expect(health.status).toBe(200);
      }
    }
  });

  it('answers the worst targets and headers found for every other request-facing pattern', async () => {
    const worst: Array<[string, string, Record<string, string>?]> = [
      ['/a'.repeat(4_000), 'se.localhost'],
      ['/%2F'.repeat(2_000), 'se.localhost'],
      ['/' + '%'.repeat(8_000), 'se.localhost'],
      ['/?' + '&'.repeat(8_000), 'se.localhost'],
      ['/?' + 'utm_x=&'.repeat(1_100), 'se.localhost'],
      ['/media/' + '.'.repeat(8_000), 'se.localhost'],
      ['/sv' + '/.'.repeat(4_000), 'fi.localhost'],
      ['/', 'se.localhost' + ':'.repeat(8_000)],
      ['/', '1:'.repeat(4_000) + 'x'],
      ['/', 'se.localhost', { 'accept-encoding': 'gzip;q=' + ' '.repeat(8_000) + 'x' }],
      ['/', 'se.localhost', { 'x-request-id': 'a'.repeat(8_000) }],
      ['/', 'se.localhost', { cookie: 'hideAlert=' + '='.repeat(8_000) }],
    ];
    const failed: string[] = [];
    for (const [path, host, headers] of worst) {
      const { answers, health } = await withHealthProbe([() => rawGet(server.origin, host, path, headers)]);
      const what = `${host.slice(0, 16)} ${path.slice(0, 16)} ${JSON.stringify(headers ?? {}).slice(0, 24)}`;
      if (answers[0]!.status >= 500 || health.status !== 200)
        failed.push(`${what}: ${answers[0]!.status}, /healthz ${health.status}`);
    }
    expect(failed).toEqual([]);
  });

  it('runs each request-facing pattern on ten times its worst input without hanging', () => {
    const redirects = loadRedirects('redirects');
    const n = (count: number) => count * SCALE;
    const slashes = '/'.repeat(n(16_000)) + 'a';
    const se = MARKETS.find((m) => m.id === 'se')!;
    const fi = MARKETS.find((m) => m.id === 'fi')!;
    const cases: Array<[string, () => unknown]> = [
      ['trailing slashes', () => withoutTrailingSlashes(slashes)],
      ['language prefix', () => splitLanguagePath(fi, '/sv' + slashes)],
      ['redirect request target', () => parseRequestTarget('/a'.repeat(n(8_000)) + '/%')],
      ['redirect tables', () => resolveRedirect(redirects, se.id, '/x'.repeat(n(8_000)))],
      ['redirect tables, slashes', () => resolveRedirect(redirects, se.id, slashes)],
      ['host and port', () => normaliseHost('se.localhost' + ':'.repeat(n(16_000)) + 'x')],
      ['host and digits', () => normaliseHost(':1'.repeat(n(8_000)) + 'x')],
      ['accept-encoding q=0', () => chooseEncoding('br;q=' + ' '.repeat(n(16_000)) + 'x')],
      ['accept-encoding zeros', () => chooseEncoding('br;q=0.' + '0'.repeat(n(16_000)) + 'x')],
      [
        'search keyphrase',
        () =>
          normaliseSearchRequest({
            index: se.searchIndexes.cars,
            keyphrase: ' \t'.repeat(n(8_000)) + 'x',
          } as Parameters<typeof normaliseSearchRequest>[0]),
      ],
    ];
    const hung = cases.map(([name, run]) => [name, Math.round(timed(run))] as const).filter(([, ms]) => ms >= HANG_MS);
    expect(hung).toEqual([]);
  });
});
