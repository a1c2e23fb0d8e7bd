import { jest } from '@jest/globals';
import request from 'supertest';
import { marketById } from '../../markets/registry.js';
import { stackForThisFile } from '../support/testStack.js';

jest.setTimeout(60_000);

/** Behind one load balancer (so each test names its client), each client may make 4 look-ups a window. */
const harness = stackForThisFile({
  bff: 'app',
  env: { TRUST_PROXY: '1', RATE_LIMIT_LANGUAGE_LOOKUPS_PER_CLIENT: '4/600' },
});

const finland = marketById('fi');
let client = 0;
const newClient = () => `198.51.100.${++client}`;
const page = (path: string, from: string) =>
  request(harness.bff.app).get(path).set('Host', finland.devHostname).set('X-Forwarded-For', from);
/** Searches that reached the search service while `work` ran. */
async function searchesDuring(work: () => Promise<unknown>): Promise<number> {
  const before = harness.sandbox.ctx.stats.requests.search ?? 0;
  await work();
  return (harness.sandbox.ctx.stats.requests.search ?? 0) - before;
}
const swedishLink = (html: string) => /<a href="([^"]+)" hrefLang="sv"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
/** An empty Finnish car list (a price no car has, new each time so no cache holds the page's own search), with `words`. */
let price = 90_000_000;
const listWith = (words: Record<string, string[]>) => {
  const query = new URLSearchParams({ car_price_min: String(++price) });
  for (const [field, values] of Object.entries(words)) for (const value of values) query.append(field, value);
  return `${finland.paths.carList}?${query}`;
};
const madeUp = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-malli-${i}`);

describe('the language links of a list with worded filters', () => {
  it('cost no search for 20 made-up words: the index words are looked up once, and only real ones after', async () => {
    const shopper = newClient();
    // The page's own searches, for a list like it without worded filters (after a first page has loaded what pages share).
    await page(listWith({}), shopper);
    const own = await searchesDuring(async () => expect((await page(listWith({}), shopper)).status).toBe(200));
    let first = '';
    const withWords = await searchesDuring(async () => {
      const res = await page(listWith({ car_model: madeUp(20, 'a') }), shopper);
      expect(res.status).toBe(200);
      first = res.text;
    });
    // The index's words in Finnish, once for every client and list (the search cache keeps them), and nothing per word.
    expect(withWords - own).toBeLessThanOrEqual(1);
    expect(new URLSearchParams(swedishLink(first).split('?')[1]).getAll('car_model')).toEqual(madeUp(20, 'a'));
    for (const tag of ['b', 'c', 'd']) {
      const again = await searchesDuring(async () =>
        expect((await page(listWith({ car_model: madeUp(20, tag) }), newClient())).status).toBe(200),
      );
      expect(again - own).toBe(0);
    }
  });

  it("bounds the searches one client's pages make for their links, and the links keep the words past the bound", async () => {
    const facets = await request(harness.bff.app)
      .post('/api/search')
      .set('Host', finland.devHostname)
      .send({ index: 'cars', facets: ['car_model', 'car_city'], limit: 0 });
    const values = (name: string) =>
      (facets.body as { facet: { name: string; values: { value: string }[] }[] }).facet
        .find((f) => f.name === name)!
        .values.map((v) => v.value);
    const [models, cities] = [values('car_model').slice(0, 6), values('car_city').slice(0, 6)];
    expect([models.length, cities.length]).toEqual([6, 6]);
    const own = await searchesDuring(() => page(listWith({}), newClient()));

    const attacker = newClient();
    let answer = '';
    const lookups = await searchesDuring(async () => {
      const res = await page(listWith({ car_model: models, car_city: cities }), attacker);
      expect(res.status).toBe(200);
      answer = res.text;
    });
    // 12 real words would cost up to 25 searches (the index's words, and two for each word): the client's 4 ran.
    expect(lookups - own).toBeLessThanOrEqual(4);
    expect(new URLSearchParams(swedishLink(answer).split('?')[1]).getAll('car_model')).toEqual(models);
    const more = await searchesDuring(() => page(listWith({ car_model: models.slice(3) }), attacker));
    expect(more - own).toBe(0);

    // Another shopper's list is translated: a Finnish model has its Swedish name (C-sarja is C-klass).
    const shopper = newClient();
    const res = await page(listWith({ car_model: ['C-sarja'] }), shopper);
    expect(new URLSearchParams(swedishLink(res.text).split('?')[1]).getAll('car_model')).toEqual(['C-klass']);
  });
});

describe('a list page the page cache renders apart from the request', () => {
  const cached = stackForThisFile({ bff: 'app', env: { PAGE_CACHE: 'true', TRUST_PROXY: '1' } });

  it('answers whole, its language links in the other language, the same from the cache after', async () => {
    const path = `${finland.paths.carList}?car_model=C-sarja`;
    const ask = () =>
      request(cached.bff.app).get(path).set('Host', finland.devHostname).set('X-Forwarded-For', newClient());
    const first = await ask();
    expect(first.status).toBe(200);
    expect(new URLSearchParams(swedishLink(first.text).split('?')[1]).getAll('car_model')).toEqual(['C-klass']);
    await cached.bff.pageCache!.settled();
    const again = await ask();
    expect([again.status, again.headers['x-cache']]).toEqual([200, 'hit']);
  });
});
