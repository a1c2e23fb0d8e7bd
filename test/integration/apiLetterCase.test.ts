import { jest } from '@jest/globals';
import request from 'supertest';
import { SPECULATION_RULES } from '../../views/speculationRules.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { startTestStack } from '../support/testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

jest.setTimeout(60_000);

let sandbox: SandboxHere;
let bff: ComposedBff;
beforeAll(async () => {
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox })).bff;
});
afterAll(async () => {
  await bff?.close();
  await sandbox?.close();
});

const SPELLINGS = ['/API', '/Api', '/aPi', '/apI', '/APi', '/ApI'];

describe('/api in other letter cases', () => {
  it('answers 404 in the API error shape, reaches no upstream, and adds no metric series of its own', async () => {
    const before = sandbox.upstreamCalls('content');
    for (const spelling of SPELLINGS) {
      for (const path of [`${spelling}/stories`, `${spelling}/openapi.json`]) {
        const res = await request(bff.app).get(path).set('Host', 'se.localhost');
        expect([path, res.status, res.body.error?.code]).toEqual([path, 404, 'not_found']);
      }
      const search = await request(bff.app)
        .post(`${spelling}/search`)
        .set('Host', 'se.localhost')
        .send({ index: 'cars', limit: 1 });
      expect(search.status).toBe(404);
    }
    expect(sandbox.upstreamCalls('content')).toBe(before);
    expect((await request(bff.app).get('/api/stories').set('Host', 'se.localhost')).status).toBe(200);

    const metrics = (await request(bff.metricsApp).get('/metrics')).text;
    const routes = new Set(
      [...metrics.matchAll(/bff_http_request_duration_seconds_count\{route="([^"]*)"/g)].map((m) => m[1]),
    );
    expect([...routes].filter((route) => /api/i.test(route!) && !route!.startsWith('/api'))).toEqual([]);
  });

  it('keeps /api and logout links in any letter case out of prerendering', () => {
    const rules = JSON.parse(SPECULATION_RULES) as { prerender: Array<{ where: { and: unknown[] } }> };
    expect(JSON.stringify(rules.prerender[0]!.where.and)).toContain('a[href*=\\"/api\\" i], a[href*=\\"logout\\" i]');
  });
});
