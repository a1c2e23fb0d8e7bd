import { jest } from '@jest/globals';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(20_000);

let h: MarketStack;
beforeAll(async () => {
  h = withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl }));
});
afterAll(() => h.stop());

const contact = () => ({
  formName: 'CarDetailContactForm',
  formSubmissionId: `safety-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  values: { name: 'A', phone: '0701234567', email: 'a@b.se' },
});

describe('the Origin check on POSTs', () => {
  it.each([
    ['another site', 'https://evil.example'],
    ['the same name on another port', 'http://se.localhost:4000'],
    ['the same host and port over another scheme', 'https://se.localhost'],
    ['another market of ours', 'http://uk.localhost'],
    ['an opaque origin', 'null'],
  ])('refuses a POST from %s with 403 and calls nothing', async (_what, origin) => {
    const before = h.sandbox.upstreamCalls('comhub');
    const res = await h.se.post('/api/forms/comhub', contact()).set('Origin', origin);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden_origin');
    expect(h.sandbox.upstreamCalls('comhub')).toBe(before);
  });

  it('lets a POST from its own origin through, and one without Origin (curl)', async () => {
    expect((await h.se.post('/api/forms/comhub', contact()).set('Origin', 'http://se.localhost')).status).toBe(202);
    expect((await h.se.post('/api/forms/comhub', contact())).status).toBe(202);
  });

  it('does not apply to GETs', async () => {
    expect(
      (await h.se.get('/api/mechmate/authorized-workshop/Volvo').set('Origin', 'https://evil.example')).status,
    ).toBe(200);
  });
});

describe('the API surface', () => {
  it('names a refusal by what its status says: 415 for a body it cannot decode, 403 for a path that climbs out of /assets', async () => {
    const charset = await h.se.post('/api/search').set('Content-Type', 'application/json; charset=bogus').send('{}');
    expect(charset.status).toBe(415);
    expect(charset.body.error).toMatchObject({ code: 'unsupported_media_type', requestId: expect.any(String) });
    const climb = await h.se.get('/assets/..%2f..%2fpackage.json');
    expect(climb.status).toBe(403);
    expect(climb.body.error).toMatchObject({ code: 'forbidden' });
  });

  it('answers unknown routes under /api with 404 JSON', async () => {
    const res = await h.se.get('/api/mechmate/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', requestId: expect.any(String) });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await h.uk.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = Object.keys(res.body.paths);
    for (const path of [
      '/api/mechmate/car/{regNo}',
      '/api/mechmate/departments/closestAvailable',
      '/api/tirehotel/authorization/validate',
      '/api/forms/comhub',
      '/api/codeweaver/cfd',
      '/api/places/autocomplete',
    ]) {
      expect(paths).toContain(path);
    }
    const prices = res.body.paths['/api/mechmate/prices/{regNo}/{mileage}/{departmentId}'].get;
    expect(prices.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'mileage',
          in: 'path',
          schema: expect.objectContaining({ type: 'integer', minimum: 0 }),
        }),
        expect.objectContaining({ name: 'serviceOfferings', in: 'query', required: true }),
      ]),
    );
    const book = res.body.paths['/api/mechmate/book'].post.requestBody.content['application/json'].schema;
    expect(book.properties.freeText).toEqual(
      expect.objectContaining({ anyOf: expect.arrayContaining([expect.objectContaining({ maxLength: 80 })]) }),
    );
    expect(res.body.paths['/api/mechmate/departments/closestAvailable'].get.responses['200'].content).toHaveProperty([
      'text/event-stream',
    ]);
    expect(Object.keys(res.body.components.schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'FormValues_service-booking']),
    );
  });
});
