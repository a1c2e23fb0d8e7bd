import { jest } from '@jest/globals';
import request from 'supertest';
import { createClient } from 'redis';
import { signBody } from '../../../server/pageCache/contentWebhook.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { nothingHappensWithin, waitUntil } from '../../../scripts/stack/waitUntil.js';
import { testRedisUrl } from '../../support/testRedis.js';
import { startTestStack } from '../../support/testStack.js';
import type { ComposedBff } from '../../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

const SECRET = 'test-webhook-secret-0123456789';
// Two containers sharing one Redis, under a key prefix this file owns.
const env = {
  PAGE_CACHE: 'true',
  PAGE_CACHE_TTL_S: '300',
  REDIS_URL: testRedisUrl,
  PAGE_CACHE_REDIS_PREFIX: `test:purge:${process.pid}:${Date.now()}:`,
  CONTENT_WEBHOOK_SECRET: SECRET,
};
let sandbox: SandboxHere;
let a: ComposedBff;
let b: ComposedBff;
beforeAll(async () => {
  sandbox = await startSandboxHere();
  a = (await startTestStack({ bff: 'app', sandbox, env })).bff;
  b = (await startTestStack({ bff: 'app', sandbox, env })).bff;
  // Both containers read and write Redis before any test asks one for the other's render: on a loaded machine
  // a container's first request could come before its connection was ready, and it went without Redis (a miss).
  await waitUntil(() => a.redis.available() !== undefined && b.redis.available() !== undefined, 'both connected');
  // Both containers' purge subscriptions are in place before any test purges.
  const redis = await createClient({ url: env.REDIS_URL }).connect();
  try {
    const channel = `${env.PAGE_CACHE_REDIS_PREFIX}purge`;
    await waitUntil(async () => (await redis.pubSubNumSub(channel))[channel] === 2, 'purge subscriptions');
  } finally {
    await redis.quit();
  }
});
afterAll(async () => {
  await a.close();
  await b.close();
  await sandbox.close();
});

const page = (app: ComposedBff, path: string, host = 'se.localhost') => request(app.app).get(path).set('Host', host);
const unixNow = () => String(Math.floor(Date.now() / 1000));
/** The headers of a signed call: the timestamp (now unless given) and the signature over it and the body. */
const signed = (body: string, secret = SECRET, timestamp = unixNow()) => ({
  'x-webhook-timestamp': timestamp,
  'x-webhook-signature': signBody(secret, timestamp, body),
});
const webhook = (body: string, headers: Record<string, string> = {}, app = a) =>
  request(app.app)
    .post('/api/content/webhook')
    .set('Host', 'se.localhost')
    .set('Content-Type', 'application/json')
    .set(headers)
    .send(body);
async function cachedOnBoth(path: string, host = 'se.localhost') {
  await page(a, path, host);
  await a.pageCache!.settled();
  expect((await page(a, path, host)).headers['x-cache']).toBe('hit');
  // The other container finds A's render in Redis.
  expect((await page(b, path, host)).headers['x-cache']).toBe('hit');
}
/** Lets a purge that should not happen have its chance to (a check that nothing happened cannot wait for an event). */
const waitForPubSub = () => nothingHappensWithin(300);
/** Runs a purge and waits until container B has dropped copies of its own: the message reached it. */
async function purgedOnB(purge: () => Promise<unknown>) {
  const before = b.pageCache!.stats.entries;
  await purge();
  await waitUntil(() => b.pageCache!.stats.entries < before, 'purge reached container B');
}

describe('purge on publish', () => {
  it('refuses an unsigned or wrongly signed call with 401 and purges nothing', async () => {
    await cachedOnBoth('/om-oss');
    const body = JSON.stringify({ scope: 'all' });
    const unsigned = await webhook(body);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe('bad_signature');
    expect((await webhook(body, signed(body, 'another-secret-of-some-length'))).status).toBe(401);
    expect((await webhook(JSON.stringify({ scope: 'market', market: 'se' }), signed(body))).status).toBe(401);
    await waitForPubSub();
    expect((await page(a, '/om-oss')).headers['x-cache']).toBe('hit');
    expect((await page(b, '/om-oss')).headers['x-cache']).toBe('hit');
  });

  it('purges one path on one market in every container: the next request is a miss on each', async () => {
    await cachedOnBoth('/om-oss/kontakt');
    await cachedOnBoth('/om-oss/hallbarhet');
    const body = JSON.stringify({ scope: 'path', market: 'se', path: '/om-oss/kontakt' });
    await purgedOnB(async () => expect((await webhook(body, signed(body))).status).toBe(200));
    expect((await page(b, '/om-oss/kontakt')).headers['x-cache']).toBe('miss');
    expect((await page(a, '/om-oss/kontakt')).headers['x-cache']).toMatch(/^(miss|hit)$/); // B's fresh render may already be in Redis
    expect((await page(a, '/om-oss/hallbarhet')).headers['x-cache']).toBe('hit');
    expect((await page(b, '/om-oss/hallbarhet')).headers['x-cache']).toBe('hit');
  });

  it('purges a whole market, and everything', async () => {
    await cachedOnBoth('/nyheter');
    await cachedOnBoth('/', 'uk.localhost');
    const market = JSON.stringify({ scope: 'market', market: 'se' });
    await purgedOnB(async () => expect((await webhook(market, signed(market))).status).toBe(200));
    expect((await page(b, '/nyheter')).headers['x-cache']).toBe('miss');
    expect((await page(b, '/', 'uk.localhost')).headers['x-cache']).toBe('hit');
    expect((await page(a, '/', 'uk.localhost')).headers['x-cache']).toBe('hit');

    const all = JSON.stringify({ scope: 'all' });
    await purgedOnB(async () => expect((await webhook(all, signed(all))).status).toBe(200));
    expect((await page(a, '/', 'uk.localhost')).headers['x-cache']).toBe('miss');
    await a.pageCache!.settled();
    // B dropped its own copy; what it finds now is A's new render.
    expect((await page(b, '/', 'uk.localhost')).headers['x-cache']).toBe('hit');
  });

  it('refuses a replayed call with 401, in the same container and in another one sharing Redis', async () => {
    await cachedOnBoth('/om-oss');
    const body = JSON.stringify({ scope: 'path', market: 'se', path: '/om-oss' });
    const headers = signed(body);
    await purgedOnB(async () => expect((await webhook(body, headers)).status).toBe(200));
    await cachedOnBoth('/om-oss');
    const again = await webhook(body, headers);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('replayed_signature');
    expect((await webhook(body, headers, b)).status).toBe(401);
    await waitForPubSub();
    expect((await page(b, '/om-oss')).headers['x-cache']).toBe('hit');
  });

  it('refuses a replayed purge of everything with 401 on another container: the purge does not drop its own replay marker', async () => {
    const all = JSON.stringify({ scope: 'all' });
    // A timestamp no other test uses: a signature is of the timestamp and the body, and another test purges everything too.
    const headers = signed(all, SECRET, String(Math.floor(Date.now() / 1000) - 250));
    expect((await webhook(all, headers)).status).toBe(200);
    await waitForPubSub();
    const replayed = await webhook(all, headers, b);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe('replayed_signature');
  });

  it('purges every trailing-slash spelling of a path with it: /om-oss//, /om-oss/// and /om-oss/ with /om-oss', async () => {
    for (const spelling of ['/om-oss//', '/om-oss///', '/om-oss/']) await cachedOnBoth(spelling);
    const body = JSON.stringify({ scope: 'path', market: 'se', path: '/om-oss' });
    await purgedOnB(async () =>
      expect((await webhook(body, signed(body, SECRET, String(Math.floor(Date.now() / 1000) - 200)))).status).toBe(200),
    );
    // One page, one key: the first request after the purge renders it anew, whatever its spelling, and the others get that render.
    const after: unknown[] = [];
    for (const spelling of ['/om-oss//', '/om-oss///', '/om-oss/']) {
      after.push((await page(b, spelling)).headers['x-cache']);
      await b.pageCache!.settled();
    }
    expect(after).toEqual(['miss', 'hit', 'hit']);
  });

  it('refuses a call whose timestamp is more than 5 minutes old (or ahead) with 401, and one without a timestamp', async () => {
    const body = JSON.stringify({ scope: 'all' });
    const old = await webhook(body, signed(body, SECRET, String(Math.floor(Date.now() / 1000) - 6 * 60)));
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('stale_signature');
    expect((await webhook(body, signed(body, SECRET, String(Math.floor(Date.now() / 1000) + 6 * 60)))).status).toBe(
      401,
    );
    const { 'x-webhook-signature': bodyOnly } = signed(body, SECRET, '');
    expect((await webhook(body, { 'x-webhook-signature': bodyOnly })).status).toBe(401);
  });

  it('answers 400 for a signed body that names no known purge', async () => {
    const body = JSON.stringify({ scope: 'market', market: 'xx' });
    expect((await webhook(body, signed(body))).status).toBe(400);
  });
});
