import { jest } from '@jest/globals';
import { MARKETS } from '../../markets/registry.js';
import { safeLocation } from '../../server/http/safeLocation.js';
import { rawGet } from '../support/rawHttp.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

jest.setTimeout(120_000);

const peers = sharedStackForThisFile();
/** The shared BFF listens already: `server.origin` is its URL. */
const server = {
  get origin() {
    return peers.bff.app;
  },
};

/** What a browser makes of a Location on our page: it must stay on our host. */
function problemOf(location: string): string | undefined {
  if (!location.startsWith('/') || /^\/[/\\]/.test(location) || location.includes('\\'))
    return 'not a single-slash path';
  if (!/^[\x21-\x7e]*$/.test(location)) return 'not printable ASCII';
  if (new URL(location, 'https://shop.example/x/y').host !== 'shop.example') return 'resolves to another host';
  return undefined;
}

/** Ways to say "another site" after a path prefix: raw, backslashed, percent-encoded, behind dot segments. */
const OFF_SITE = [
  '//evil.com/login',
  '/\\evil.com',
  '/\\\\evil.com/login',
  '/\\/evil.com',
  '/%2F%2Fevil.com',
  '/%2f/evil.com',
  '/%5Cevil.com',
  '/%5c%5cevil.com',
  '/%09/evil.com',
  '/%0d%0a/evil.com',
  '/..//evil.com',
  '/./\\evil.com',
  '/%2e%2e//evil.com',
  '/%2E/%2E%2E/%2F%2Fevil.com',
  '/a/../..//evil.com',
  '/https://evil.com',
  '/javascript:alert(1)',
];

describe('every Location the BFF sends stays on the site', () => {
  it("answers the default language's prefix followed by another site with a single-slash path, on every market", async () => {
    const problems: string[] = [];
    for (const market of MARKETS) {
      for (const rest of OFF_SITE) {
        const target = `/${market.languages[0]}${rest}?utm_source=x`;
        const answer = await rawGet(server.origin, market.devHostname, target);
        const location = answer.headers.location;
        if (answer.status === 301 && location === undefined)
          problems.push(`${market.id} ${target}: 301 without Location`);
        const problem = location === undefined ? undefined : problemOf(location);
        if (problem) problems.push(`${market.id} ${target} → ${answer.status} ${location}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('leaves editing mode (?endPreview=1) for a path on the site however the path is written, on every market and language', async () => {
    const problems: string[] = [];
    let redirects = 0;
    for (const market of MARKETS) {
      for (const prefix of ['', ...market.languages.slice(1).map((l) => `/${l}`)]) {
        for (const rest of OFF_SITE) {
          const target = `${prefix}${rest}?endPreview=1&keep=1`;
          const answer = await rawGet(server.origin, market.devHostname, target);
          const location = answer.headers.location;
          if (location !== undefined) redirects++;
          const problem = location === undefined ? undefined : problemOf(location);
          if (problem) problems.push(`${market.id} ${target} → ${answer.status} ${location}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(redirects).toBeGreaterThan(OFF_SITE.length * MARKETS.length);
  });

  it('keeps the path and query a shopper meant when leaving editing mode and moving off a default prefix', async () => {
    const uk = MARKETS.find((m) => m.id === 'uk')!;
    const fi = MARKETS.find((m) => m.id === 'fi')!;
    expect((await rawGet(server.origin, uk.devHostname, '/en/used-cars?make=volvo')).headers.location).toBe(
      '/used-cars?make=volvo',
    );
    expect(
      (await rawGet(server.origin, fi.devHostname, '/sv/autot/../bilar?endPreview=1&page=2')).headers.location,
    ).toBe('/sv/bilar?page=2');
  });

  it('builds a same-site path from any mix of separators, dots, encodings and schemes', () => {
    const parts = [
      '/',
      '//',
      '\\',
      '%2F',
      '%2f',
      '%5C',
      '%09',
      '%0A',
      '%00',
      '.',
      '..',
      '%2e',
      '%2E%2e',
      'evil.com',
      'http:',
      'javascript:',
      '@',
      ' ',
      'ä',
      '\t',
      '?',
      '#',
      'a',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const problems: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      let input = next() < 0.8 ? '/' : '';
      for (let n = 1 + Math.floor(next() * 7); n > 0; n--) input += parts[Math.floor(next() * parts.length)]!;
      const location = safeLocation(input);
      const problem =
        problemOf(location) ?? (safeLocation(location) === location ? undefined : 'not stable when built again');
      if (problem) problems.push(`${JSON.stringify(input)} → ${location}: ${problem}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });
});
