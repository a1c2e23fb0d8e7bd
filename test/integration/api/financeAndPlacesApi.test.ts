import { jest } from '@jest/globals';
import { issuePaths } from '../../support/apiIssues.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(20_000);

let h: MarketStack;
beforeAll(async () => {
  h = withMarketAgents(
    await startTestStack({
      bff: 'app',
      redis: testRedisUrl,
      env: { UPSTREAM_MAPS_TIMEOUT_MS: '2000', UPSTREAM_CODEWEAVER_TIMEOUT_MS: '2000' },
    }),
  );
});
afterAll(() => h.stop());
afterEach(() => h.sandbox.ctx.faults.clear());

const vehicle = {
  RegNo: 'AB19CDE',
  CashPrice: 18_995,
  IsNew: false,
  CurrentMileage: 21_000,
  RegistrationDate: '2019-03-01',
};

describe('UK finance relay', () => {
  it('answers the default quotes of a car in the service’s own shapes', async () => {
    const res = await h.uk.post('/api/codeweaver/default', { Vehicle: vehicle });
    expect(res.status).toBe(200);
    expect(res.body.Quotes.map((q: { FamilyKey: string }) => q.FamilyKey)).toEqual(['PCP', 'HP']);
  });

  it('recalculates one product and answers its legal text by quoteRef', async () => {
    const cfd = await h.uk.post('/api/codeweaver/cfd', {
      Vehicle: vehicle,
      FamilyKey: 'PCP',
      Term: 36,
      AnnualMileage: 10_000,
      SolveFor: 'Payment',
      Deposit: 2_000,
    });
    expect(cfd.status).toBe(200);
    expect(cfd.body).toMatchObject({ Quote: { FamilyKey: 'PCP', Term: 36 }, Adjusted: false });
    const legal = await h.uk.get(`/api/codeweaver/legal?quoteRef=${cfd.body.Quote.QuoteRef}`);
    expect(legal.status).toBe(200);
    expect(legal.body.LegalText).toEqual(expect.any(String));
  });

  it('looks a vehicle up, and passes the 404 of an unknown one on', async () => {
    expect((await h.uk.get('/api/codeweaver/vehicle/ab19cde')).body).toMatchObject({ RegNo: 'AB19CDE' });
    const missing = await h.uk.get('/api/codeweaver/vehicle/ZZ99ZZZ');
    expect(missing.status).toBe(404);
    expect(missing.body.error.upstream).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['a missing vehicle', '/api/codeweaver/default', {}, 'body.Vehicle'],
    [
      'a negative price',
      '/api/codeweaver/default',
      { Vehicle: { ...vehicle, CashPrice: -1 } },
      'body.Vehicle.CashPrice',
    ],
    [
      'an unknown product',
      '/api/codeweaver/cfd',
      { Vehicle: vehicle, FamilyKey: 'LEASE', Term: 36, SolveFor: 'Payment', Deposit: 0 },
      'body.FamilyKey',
    ],
    [
      'SolveFor Deposit without a Payment',
      '/api/codeweaver/cfd',
      { Vehicle: vehicle, FamilyKey: 'HP', Term: 36, SolveFor: 'Deposit' },
      'body',
    ],
  ])('refuses %s with 400 and calls nothing', async (_what, path, body, field) => {
    const before = h.sandbox.upstreamCalls('codeweaver');
    const res = await h.uk.post(path, body);
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(field);
    expect(h.sandbox.upstreamCalls('codeweaver')).toBe(before);
  });

  it('refuses a quoteRef with symbols and a plate of 9 characters', async () => {
    expect(issuePaths((await h.uk.get('/api/codeweaver/legal?quoteRef=%3Cx%3E')).body)).toContain('query.quoteRef');
    expect(issuePaths((await h.uk.get('/api/codeweaver/vehicle/ABCDE12345')).body)).toContain('path.regNo');
  });

  it('answers 504 when the finance service hangs and 502 when it sends garbage', async () => {
    // An instance with short deadlines beside the file's: a hang is waited out, and no test waits seconds.
    const short = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox: h.sandbox,
        env: { UPSTREAM_CODEWEAVER_TIMEOUT_MS: '300' },
      }),
    );
    try {
      h.sandbox.ctx.faults.set('codeweaver', { hang: true }, 1);
      expect((await short.uk.post('/api/codeweaver/default', { Vehicle: vehicle })).status).toBe(504);
    } finally {
      await short.stop();
    }
    h.sandbox.ctx.faults.set('codeweaver', { garbage: true }, 1);
    expect((await h.uk.post('/api/codeweaver/default', { Vehicle: vehicle })).status).toBe(502);
  });

  it.each(['se', 'no', 'fi'] as const)('is not offered on the %s market', async (market) => {
    expect((await h[market].post('/api/codeweaver/default', { Vehicle: vehicle })).status).toBe(404);
  });
});

describe('maps relay', () => {
  it('autocompletes Swedish places, diacritics folded', async () => {
    const res = await h.se.get('/api/places/autocomplete?input=goteborg');
    expect(res.status).toBe(200);
    expect(res.body.predictions[0]).toMatchObject({ name: 'Göteborg', placeId: expect.any(String) });
  });

  it('answers the details of a place and the nearest place to a point', async () => {
    const details = await h.se.get('/api/places/details/se-skane-malmo');
    expect(details.body).toMatchObject({ name: 'Malmö', latitude: expect.any(Number), longitude: expect.any(Number) });
    const reverse = await h.se.get('/api/places/reverse?lat=55.6&lng=13.0');
    expect(reverse.body).toMatchObject({ name: expect.any(String), distanceKm: expect.any(Number) });
  });

  it('passes the 404 of an unknown place on', async () => {
    expect((await h.se.get('/api/places/details/se-nowhere-x')).status).toBe(404);
  });

  it.each([
    ['an empty input', '/api/places/autocomplete?input=', 'query.input'],
    ['an input of 101 characters', `/api/places/autocomplete?input=${'a'.repeat(101)}`, 'query.input'],
    ['a place id with a path', '/api/places/details/..%2F..%2Fetc', 'path.placeId'],
    ['a latitude of 91', '/api/places/reverse?lat=91&lng=13', 'query.lat'],
    ['a longitude that is not a number', '/api/places/reverse?lat=55&lng=east', 'query.lng'],
  ])('refuses %s with 400 and calls nothing', async (_what, path, field) => {
    const before = h.sandbox.upstreamCalls('maps');
    const res = await h.se.get(path);
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(field);
    expect(h.sandbox.upstreamCalls('maps')).toBe(before);
  });

  it('answers 504 when the maps service hangs, and 404 outside Sweden', async () => {
    const short = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox: h.sandbox,
        env: { UPSTREAM_MAPS_TIMEOUT_MS: '300' },
      }),
    );
    try {
      h.sandbox.ctx.faults.set('maps', { hang: true }, 1);
      expect((await short.se.get('/api/places/autocomplete?input=lund')).status).toBe(504);
    } finally {
      await short.stop();
    }
    expect((await h.uk.get('/api/places/autocomplete?input=lund')).status).toBe(404);
  });
});
