import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(60_000);

// Issue 50: site search as you type had no per-client bound; one client made the search service run 375 searches in 20 s.
let h: MarketStack;
beforeAll(async () => {
  h = withMarketAgents(
    await startTestStack({
      bff: 'app',
      redis: testRedisUrl,
      env: { TRUST_PROXY: '1', RATE_LIMIT_SEARCHES_PER_CLIENT: '3/60' },
    }),
  );
});
afterAll(() => h.stop());

const search = (keyphrase: string, from: string) =>
  h.se.post('/api/search', { index: 'sites', keyphrase, limit: 1 }).set('X-Forwarded-For', from);

describe('searches per client', () => {
  it('bounds the searches one client makes the search service run; answers the cache holds and other clients go on', async () => {
    const client = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const words = Array.from({ length: 5 }, () => randomUUID().slice(0, 8));
    const before = h.sandbox.upstreamCalls('search');
    const answers = [];
    for (const word of words) answers.push(await search(word, client));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[3]!.body.error.code).toBe('too_many_requests');
    expect(h.sandbox.upstreamCalls('search') - before).toBe(3);
    // What the cache holds is answered, and counts nothing; another client is not refused for this one.
    expect((await search(words[0]!, client)).status).toBe(200);
    expect((await search(words[4]!, '10.8.0.1')).status).toBe(200);
  });
});
