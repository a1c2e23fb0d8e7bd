import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { request as undiciRequest } from 'undici';
import { paced, waitUntil } from '../../scripts/stack/waitUntil.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { testRedisUrl } from '../support/testRedis.js';
import { startTestStack } from '../support/testStack.js';
import { type ComposedBff, listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(20_000);

let sandbox: SandboxHere;
let bff: ComposedBff;
/** The same BFF with a short search deadline, only for the hanging service: a busy machine must not time out ordinary searches. */
let bffWithShortDeadline: ComposedBff;

beforeAll(async () => {
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox, env: { REDIS_URL: testRedisUrl } })).bff;
  bffWithShortDeadline = (
    await startTestStack({
      bff: 'app',
      sandbox,
      env: { REDIS_URL: testRedisUrl, UPSTREAM_SEARCH_TIMEOUT_MS: '500' },
    })
  ).bff;
  await waitUntil(() => bff.redis.available() !== undefined && bffWithShortDeadline.redis.available() !== undefined);
});
afterAll(async () => {
  await bff.close();
  await bffWithShortDeadline.close();
  await sandbox.close();
});
afterEach(() => sandbox.ctx.faults.clear());

const search = (body: object, host = 'se.localhost') =>
  request(bff.app).post('/api/search').set('Host', host).send(body);
/** A query no earlier run can have cached: its price range is unique to this call. */
const coldQuery = () => ({
  index: 'cars',
  filters: [{ field: 'car_price', values: [0, 10_000_000 + Math.floor(Math.random() * 1e6)] }],
  keyphrase: randomUUID().slice(0, 4),
});

describe('POST /api/search against the sandbox', () => {
  it('counts facets disjunctively: choosing a brand still shows what the other brands would add', async () => {
    const all = await search({ index: 'cars', facets: ['car_brand'], limit: 0 });
    const brands = all.body.facet[0].values as Array<{ value: string; count: number }>;
    const [first, second] = brands;
    const chosen = await search({
      index: 'cars',
      facets: ['car_brand', 'car_fuel'],
      filters: [{ field: 'car_brand', values: [first!.value] }],
      limit: 0,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.total_items).toBe(first!.count);
    const brandFacet = chosen.body.facet.find((f: { name: string }) => f.name === 'car_brand');
    expect(brandFacet.values).toEqual(expect.arrayContaining([{ value: second!.value, count: second!.count }]));
  });

  it('applies range filters inclusively', async () => {
    const res = await search({
      index: 'cars',
      filters: [{ field: 'car_price', values: [150_000, 250_000] }],
      fields: ['car_id', 'car_price'],
      limit: 100,
    });
    expect(res.body.content.length).toBeGreaterThan(0);
    for (const car of res.body.content) expect(car.car_price).toBeGreaterThanOrEqual(150_000);
    for (const car of res.body.content) expect(car.car_price).toBeLessThanOrEqual(250_000);
  });

  it('keeps the order of a car_id list', async () => {
    const some = await search({ index: 'cars', fields: ['car_id'], limit: 5, sort_name: 'price_asc' });
    const ids = (some.body.content as Array<{ car_id: string }>).map((c) => c.car_id).reverse();
    const byId = await search({ index: 'cars', fields: ['car_id'], filters: [{ field: 'car_id', values: ids }] });
    expect(byId.body.content.map((c: { car_id: string }) => c.car_id)).toEqual(ids);
  });

  it('searches only the market of the host', async () => {
    const uk = await search({ index: 'cars', fields: ['car_currency'], limit: 10 }, 'uk.localhost');
    expect(uk.status).toBe(200);
    expect(new Set(uk.body.content.map((c: { car_currency: string }) => c.car_currency))).toEqual(new Set(['GBP']));
  });
});

describe('the search cache', () => {
  it('treats the same query with keys, values and whitespace in another order as one cache entry', async () => {
    const tag = randomUUID().slice(0, 6);
    const first = await search({
      index: 'cars',
      keyphrase: `  Volvo  ${tag} `,
      filters: [{ field: 'car_fuel', values: ['Diesel', 'Bensin'] }],
      limit: 24,
    });
    const second = await search({
      limit: 24,
      filters: [{ values: ['Bensin', 'Diesel'], field: 'car_fuel' }],
      keyphrase: `volvo ${tag}`,
      index: 'cars',
    });
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toEqual(first.body);
  });

  it('keeps a nearest-first search once per 0.05° cell: two shoppers a street apart share one answer', async () => {
    const tag = randomUUID().slice(0, 6);
    const nearest = (lat: number, lng: number) =>
      search({ index: 'cars', keyphrase: `volvo ${tag}`, sort_name: 'distance_asc', origin: { lat, lng }, limit: 48 });
    const first = await nearest(59.3312, 18.0651);
    const second = await nearest(59.3401, 18.0589);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect((await search({ index: 'cars', sort_name: 'distance_asc' })).status).toBe(400);
  });

  it('counts the cars published since a time with a date range, and refuses one that is not two timestamps', async () => {
    const since = (from: string) =>
      search({
        index: 'cars',
        limit: 0,
        filters: [{ field: 'car_published_at', values: [from, '2999-01-01T00:00:00Z'] }],
      });
    const all = await search({ index: 'cars', limit: 0 });
    expect((await since('2000-01-01T00:00:00Z')).body.total_items).toBe(all.body.total_items);
    expect((await since('2999-01-01T00:00:00Z')).body.total_items).toBe(0);
    expect((await since('yesterday')).status).toBe(400);
  });

  it('sends a cached answer compressed once, in the encoding the client accepts, as the same JSON', async () => {
    const server = await listen(bff.app);
    try {
      // A full page of cars no earlier run can have cached.
      const body = JSON.stringify({
        index: 'cars',
        filters: [{ field: 'car_price', values: [0, 20_000_000 + Math.floor(Math.random() * 1e6)] }],
        limit: 48,
      });
      const ask = async (acceptEncoding: string) => {
        const res = await undiciRequest(`${server.origin}/api/search`, {
          method: 'POST',
          headers: { host: 'se.localhost', 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
          body,
        });
        return { headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) };
      };
      const plain = await ask('identity');
      const [br, gzip, brAgain] = [await ask('gzip, deflate, br'), await ask('gzip'), await ask('br')];
      expect([plain, br, gzip, brAgain].map((r) => r.headers['content-encoding'])).toEqual([
        undefined,
        'br',
        'gzip',
        'br',
      ]);
      expect([br, gzip].map((r) => r.headers.vary)).toEqual(['Accept-Encoding', 'Accept-Encoding']);
      expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
      expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
      expect(brAgain.bytes.equals(br.bytes)).toBe(true);
      expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);
      expect(JSON.parse(plain.bytes.toString('utf8')).content).toHaveLength(48);
    } finally {
      await server.close();
    }
  });

  it('without Redis, hands out a hit as the very bytes it stored, so they are compressed only once', async () => {
    const withoutRedis = (await startTestStack({ bff: 'app', sandbox })).bff;
    try {
      const query = { ...coldQuery(), index: 'cars-se' as const, limit: 48 };
      const miss = await withoutRedis.searchCache.searchBytes(query);
      const [hit, hitAgain] = [
        await withoutRedis.searchCache.searchBytes(query),
        await withoutRedis.searchCache.searchBytes(query),
      ];
      expect([miss.cache, hit.cache, hitAgain.cache]).toEqual(['miss', 'hit', 'hit']);
      // Compressed forms are kept with these bytes (compressedVariants.ts): the same object means no second compression.
      expect(hit.bytes).toBe(miss.bytes);
      expect(hitAgain.bytes).toBe(miss.bytes);
    } finally {
      await withoutRedis.close();
    }
  });

  it('gives pages one parsed answer per cached search, frozen, so no page can change what the next shopper sees', async () => {
    const query = { ...coldQuery(), index: 'cars-se' as const, limit: 48 };
    const first = await bff.searchCache.search(query);
    const again = await bff.searchCache.search(query);
    expect(again.cache).toBe('hit');
    expect(again.value).toBe(first.value);
    const car = again.value.content[0]!;
    expect(() => {
      (car as Record<string, unknown>).car_price = 1;
    }).toThrow(TypeError);
    expect(() => (again.value.content as unknown[]).pop()).toThrow(TypeError);
  });

  it('makes exactly one upstream call for 100 concurrent identical cold searches', async () => {
    const body = coldQuery();
    const before = sandbox.upstreamCalls('search');
    const answers = await Promise.all(Array.from({ length: 100 }, () => search(body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(sandbox.upstreamCalls('search') - before).toBe(1);
  });

  it('answers 504 at its deadline when the search service hangs', async () => {
    sandbox.ctx.faults.set('search', { hang: true }, 1);
    // The upstream never answers: only the deadline can end this request (a missing one hangs the test).
    const res = await request(bffWithShortDeadline.app)
      .post('/api/search')
      .set('Host', 'se.localhost')
      .send(coldQuery());
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('upstream_timeout');
  });

  it('asks again when the search service drops the connection once, as a keep-alive race does: the shopper gets the cars', async () => {
    const body = coldQuery();
    const before = sandbox.upstreamCalls('search');
    sandbox.ctx.faults.set('search', { reset: true }, 1);
    const res = await search(body);
    expect(res.status).toBe(200);
    expect(sandbox.upstreamCalls('search') - before).toBe(2);
  });

  it('answers 502 upstream_bad_answer when the search service sends garbage', async () => {
    sandbox.ctx.faults.set('search', { garbage: true }, 1);
    const res = await search(coldQuery());
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'upstream_bad_answer', requestId: expect.any(String) });
  });

  it('counts cache results in /metrics', async () => {
    const metrics = await request(bff.metricsApp).get('/metrics');
    expect(metrics.text).toMatch(/bff_search_cache_total\{result="hit"\} [1-9]/);
    expect(metrics.text).toMatch(/bff_upstream_request_duration_seconds_count\{service="search",outcome="ok"\} [1-9]/);
  });
});

describe('repeated searches, answered before the app', () => {
  const stable = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['x-request-id', 'date', 'x-cache', 'content-length', 'content-encoding'].includes(name),
      ),
    );

  it("answer with the app's headers and body, a request id of their own, and count as hits", async () => {
    const body = coldQuery();
    const viaApp = await search(body);
    const repeats = await Promise.all([search(body), search(body).set('X-Request-Id', 'qa-search-1')]);
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.headers['x-cache']).toBe('hit');
      expect(repeat.body).toEqual(viaApp.body);
      expect(stable(repeat.headers)).toEqual(stable(viaApp.headers));
    }
    expect(repeats[0].headers['x-request-id']).not.toBe(viaApp.headers['x-request-id']);
    expect(repeats[1].headers['x-request-id']).toBe('qa-search-1');
    expect(await bff.log.find((l) => l.requestId === 'qa-search-1' && l.msg === 'request completed')).toBeDefined();
  });

  it('leave to the app what it has not answered for that exact request: another origin, another market, a broken body', async () => {
    const body = coldQuery();
    await search(body);
    const crossSite = await search(body).set('Origin', 'https://evil.example');
    expect(crossSite.status).toBe(403);
    const norway = await search(body, 'no.localhost');
    expect(norway.headers['x-cache']).toBe('miss');
    const broken = await request(bff.app)
      .post('/api/search')
      .set('Host', 'se.localhost')
      .set('Content-Type', 'application/json')
      .send('{"index": "cars",');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatchObject({ code: 'bad_request', requestId: expect.any(String) });
  });

  it('read a body that arrives in pieces, hand one they do not know to the app whole, and shrug off a client that leaves mid-body', async () => {
    const server = await listen(bff.app);
    try {
      const { port } = new URL(server.origin);
      const known = JSON.stringify(coldQuery());
      const first = await slowPost(Number(port), known);
      const again = await slowPost(Number(port), known);
      expect([first.status, again.status]).toEqual([200, 200]);
      expect([first.cache, again.cache]).toEqual(['miss', 'hit']);
      expect(again.json).toEqual(first.json);
      // A shopper who leaves halfway through the body costs nothing but that request.
      const leaving = connect(Number(port), '127.0.0.1');
      await once(leaving, 'connect');
      leaving.write(
        `POST /api/search HTTP/1.1\r\nHost: se.localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"index":`,
      );
      leaving.destroy();
      expect((await slowPost(Number(port), known)).cache).toBe('hit');
    } finally {
      await server.close();
    }
  });
});

/** POST /api/search with the body sent in two pieces 30 ms apart, over one raw connection. */
async function slowPost(
  port: number,
  body: string,
): Promise<{ status: number; cache: string | undefined; json: unknown }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const bytes = Buffer.from(body);
  socket.write(
    `POST /api/search HTTP/1.1\r\nHost: se.localhost\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, 10));
  await paced(30);
  // Not end(): a client that half-closes its side has its request dropped by Node's HTTP server.
  socket.write(bytes.subarray(10));
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const answer = Buffer.concat(chunks).toString('utf8');
  const [head = '', payload = ''] = answer.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    cache: /^x-cache: (\w+)/im.exec(head)?.[1],
    json: JSON.parse(payload) as unknown,
  };
}

describe('validation of /api/search', () => {
  it.each([
    ['a limit above 100', { index: 'cars', limit: 101 }, 'limit'],
    ['an offset past 20 pages of 48', { index: 'cars', offset: 961 }, 'offset'],
    ['an unknown index', { index: 'users' }, 'index'],
    ['a field not on the allow-list', { index: 'cars', fields: ['password'] }, 'fields.0'],
    [
      'a range with three values',
      { index: 'cars', filters: [{ field: 'car_price', values: [1, 2, 3] }] },
      'filters.0.values',
    ],
    [
      'more than 20 filters',
      { index: 'cars', filters: Array.from({ length: 21 }, () => ({ field: 'car_fuel', values: ['Diesel'] })) },
      'filters',
    ],
    [
      'a filter with 51 values',
      { index: 'cars', filters: [{ field: 'car_brand', values: Array.from({ length: 51 }, (_, i) => `b${i}`) }] },
      'filters.0.values',
    ],
    ['an unknown key', { index: 'cars', __proto__x: 1 }, ''],
  ])('refuses %s with 400 naming the field and never calls the search service', async (_what, body, path) => {
    const before = sandbox.upstreamCalls('search');
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', requestId: expect.any(String) });
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining([expect.stringContaining(path)]),
    );
    expect(sandbox.upstreamCalls('search')).toBe(before);
  });
});
