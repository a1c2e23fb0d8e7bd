import { jest } from '@jest/globals';
import { pageTargets, send, type Target } from '../../support/faultMatrix.js';
import { sharedStackForThisFile } from '../../support/slotStacks.js';

jest.setTimeout(180_000);

const peers = sharedStackForThisFile();
/** The shared BFF listens already: `server.origin` is its URL. */
const server = {
  get origin() {
    return peers.bff.app;
  },
};

/** Each value, and the raw text that must never reach the answer unescaped (undefined: nothing to look for). */
const HOSTILE: Array<{ name: string; value: string; forbidden?: RegExp }> = [
  { name: 'a script tag', value: '<script>alert(1)</script>', forbidden: /<script>alert\(1\)/ },
  { name: 'an attribute break-out', value: '"><x-injected onclick=alert(2)>', forbidden: /<x-injected/ },
  { name: 'a single-quote break-out', value: "'><svg/onload=alert(3)>", forbidden: /<svg\/onload/ },
  { name: 'an event handler in quotes', value: '" onmouseover="alert(4)', forbidden: /" onmouseover="alert/ },
  { name: 'a script end inside JSON', value: '</script><x-after-script>', forbidden: /<x-after-script>/ },
  { name: 'a javascript: URL', value: 'javascript:alert(5)', forbidden: /(href|src|action)="javascript:/i },
  // Long, yet under Node's 16 KB header limit with 6 keys (past it the HTTP layer answers 431 itself).
  { name: 'an overlong value', value: 'Å'.repeat(200) + 'x'.repeat(600) },
  { name: 'odd unicode', value: '\u202eevil\u0301\ufeff\u0000𝔘𝔫𝔦ﷺ' },
  { name: 'a header split', value: 'x\r\nSet-Cookie: injected=1' },
];

/** Raw (not percent-encoded) forms the URL parser of a careless server would choke on. */
const MALFORMED_ESCAPES = ['%', '%E0%A4%A', '%ED%A0%80', '..%2f..%2f..%2fetc%2fpasswd', '%00'];

const QUERY_KEYS = ['q', 'keyphrase', 'tag', 'page', 'sort', 'utm_source'];

function withQuery(target: Target, value: string): Target {
  const query = QUERY_KEYS.map((key) => `${key}=${encodeURIComponent(value)}`).join('&');
  return { ...target, path: `${target.path}${target.path.includes('?') ? '&' : '?'}${query}` };
}

function withPathSegment(target: Target, segment: string): Target {
  return { ...target, path: `${target.path.replace(/\/$/, '')}/${segment}` };
}

function problems(
  target: Target,
  status: number,
  text: string,
  location: string | undefined,
  forbidden: RegExp | undefined,
): string[] {
  const found: string[] = [];
  // 414: the overlong value over six keys is past MAX_REQUEST_TARGET_BYTES, refused before routing.
  if (![200, 301, 302, 303, 308, 400, 404, 414].includes(status)) found.push(`answered ${status}`);
  if (forbidden?.test(text)) found.push(`its body holds ${String(forbidden)} unescaped`);
  if (location !== undefined) {
    if (/[<>"\s]/.test(location) || /^\s*javascript:/i.test(location))
      found.push(`Location ${location.slice(0, 80)} is not a safe URL`);
    if (!location.startsWith('/') && !location.startsWith(server.origin.replace('127.0.0.1', target.host)))
      found.push(`Location ${location.slice(0, 80)} leaves the site`);
  }
  return found;
}

describe('every page type with hostile paths and query values', () => {
  it('never answers 5xx and never echoes a value unescaped into HTML, attributes, JSON props or Location', async () => {
    const targets = (await pageTargets(server.origin, peers.sandbox.url)).filter(
      (t) => t.kind === 'page' && !t.path.includes('preview='),
    );
    expect(targets.length).toBeGreaterThanOrEqual(8);
    const failures: string[] = [];
    const check = async (target: Target, what: string, forbidden?: RegExp) => {
      const answer = await send(server.origin, target).catch((err: Error) => ({
        status: 0,
        headers: {} as Record<string, string | undefined>,
        text: err.message,
        aborted: true,
      }));
      const location = answer.headers.location === undefined ? undefined : String(answer.headers.location);
      for (const problem of problems(target, answer.status, answer.text, location, forbidden))
        failures.push(`${target.name}, ${what}: ${problem}`);
      if (answer.headers['set-cookie'] && String(answer.headers['set-cookie']).includes('injected'))
        failures.push(`${target.name}, ${what}: set a cookie from the input`);
    };
    for (const target of targets) {
      for (const { name, value, forbidden } of HOSTILE) {
        await check(withQuery(target, value), `query of ${name}`, forbidden);
        await check(withPathSegment(target, encodeURIComponent(value)), `path of ${name}`, forbidden);
      }
      for (const raw of MALFORMED_ESCAPES) {
        await check(
          { ...target, path: `${target.path}${target.path.includes('?') ? '&' : '?'}q=${raw}&page=${raw}` },
          `query escape ${raw}`,
        );
        await check(withPathSegment(target, raw), `path escape ${raw}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('a car-list URL that asks for everything at once', () => {
  // Every value link and chip carries the whole query: 7 facets × 50 values made a 4.7 MB page, and three at once exhausted the heap.
  const FIELDS = ['car_brand', 'car_model', 'car_body', 'car_fuel', 'car_gearbox', 'car_drive', 'car_color'];
  const chosen = FIELDS.flatMap((field) => Array.from({ length: 50 }, (_, i) => `${field}=${i.toString(36)}`)).join(
    '&',
  );

  it('renders a page of bounded size: at most 30 chosen values and 512 characters of foreign parameters carried along', async () => {
    const answer = await send(server.origin, {
      name: 'car list',
      kind: 'page',
      method: 'GET',
      host: 'se.localhost',
      headers: {},
      path: `/kop-bil/sok-bil?${chosen}&brand=${'x'.repeat(3_000)}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.text.length).toBeLessThan(300_000);
    const props = JSON.parse(
      /<script type="application\/json" id="[^"]+-props">(.*?)<\/script>/s.exec(
        answer.text.slice(answer.text.indexOf('data-island="carList"')),
      )![1]!,
    ) as {
      state: { terms: Record<string, string[]> };
      keep: string;
    };
    expect(Object.values(props.state.terms).flat()).toHaveLength(30);
    expect(props.keep).toBe('');
    expect(answer.text).not.toContain('x'.repeat(600));
  });
});

describe('a page asked with kilobytes of parameters no page reads', () => {
  const junk = `${'a&'.repeat(1_000)}z=${'!'.repeat(3_000)}`;
  it.each([
    ['se.localhost', '/'],
    ['se.localhost', '/anlaggningar?site_departments.brands.name=Volvo&site_departments.brands.name=BMW'],
    ['fi.localhost', '/ajankohtaista'],
    ['fi.localhost', '/sv/autot'],
  ])('%s%s is the size of the plain page: no link carries them', async (host, path) => {
    const get = (query: string) =>
      send(server.origin, {
        name: path,
        kind: 'page',
        method: 'GET',
        host,
        headers: {},
        path: `${path}${path.includes('?') ? '&' : '?'}${query}`,
      });
    const plain = await get('');
    const asked = await get(junk);
    expect(asked.status).toBe(200);
    expect(asked.text.length).toBeLessThan(plain.text.length + 2_000);
  });
});
