import { jest } from '@jest/globals';
import { randomBytes, randomInt } from 'node:crypto';
import request from 'supertest';
import { MARKETS } from '../../../markets/registry.js';
import { translator } from '../../../markets/translations/dictionaries.js';
import { sv } from '../../../markets/translations/sv.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { issuePaths } from '../../support/apiIssues.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(20_000);

/**
 * A sandbox seed of its own per run: the encrypted phone numbers (and so the code-send counters
 * in Redis) are new each run, and X-Forwarded-For gives each test its own client IP.
 */
let sandbox: SandboxHere;
let h: MarketStack;
async function startSeededSandbox(): Promise<SandboxHere> {
  return startSandboxHere({ seed: randomInt(1, 2 ** 31) });
}
beforeAll(async () => {
  sandbox = await startSeededSandbox();
  h = withMarketAgents(
    await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox, env: { TRUST_PROXY: '1', LOG_LEVEL: 'debug' } }),
  );
});
afterAll(async () => {
  await h.stop();
  await sandbox.close();
});
afterEach(() => sandbox.ctx.faults.clear());

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const calls = () => sandbox.upstreamCalls('tirehotel');

async function encryptedPhoneOf(regNo: string): Promise<string> {
  const res = await h.se.get(`/api/tirehotel/authorization/search?regNo=${regNo}`);
  expect(res.status).toBe(200);
  return res.body.encryptedPhoneNumber as string;
}
/** The cookie pairs a response set, as a Cookie header would send them back. */
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));

async function loggedIn(regNo: string, code: string, ip = randomIp()) {
  const login = await h.se
    .post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${await encryptedPhoneOf(regNo)}`)
    .set('X-Forwarded-For', ip);
  expect(login.status).toBe(200);
  const validate = await h.se
    .post(`/api/tirehotel/authorization/validate?otpToken=${code}`)
    .set('Cookie', cookiesOf(login))
    .set('X-Forwarded-For', ip);
  expect(validate.status).toBe(200);
  return { login, validate, cookie: cookiesOf(validate) };
}

describe('tire hotel sign-in', () => {
  it('finds the agreement of a registration number, stripping spaces and upper-casing', async () => {
    const res = await h.se.get('/api/tirehotel/authorization/search?regNo=abc%20123');
    expect(res.body).toMatchObject({ regNo: 'ABC123', obfuscatedPhoneNumber: '070-*** ** 67' });
  });

  it("passes the service's 404 and Swedish message on for a registration number without agreement", async () => {
    const res = await h.se.get('/api/tirehotel/authorization/search?regNo=ZZZ999');
    expect(res.status).toBe(404);
    expect(res.body.error.upstream.message).toBe('Vi hittar inget däckhotellsavtal för detta registreringsnummer.');
  });

  it('keeps both tokens in HttpOnly, SameSite=Strict cookies on /api/tirehotel, never in a JSON body', async () => {
    const { login, validate } = await loggedIn('DEF456', '4567');
    expect(login.body).toEqual({ message: expect.stringContaining('En kod har skickats') });
    const loginCookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('th_login='))!;
    const sessionCookie = (validate.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('th_session='),
    )!;
    for (const cookie of [loginCookie, sessionCookie]) {
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Path=\/api\/tirehotel/);
      expect(cookie).not.toMatch(/; Secure/); // NODE_ENV=test; production adds Secure (below)
    }
    expect(validate.body).toMatchObject({ status: 0, vehicles: [expect.objectContaining({ regNo: 'DEF456' })] });
    const token = sessionCookie.split(';')[0]!.split('=')[1]!;
    expect(JSON.stringify(validate.body)).not.toContain(token);
    expect(JSON.stringify(login.body)).not.toContain(loginCookie.split(';')[0]!.split('=')[1]!);
    expect(validate.body.authorizationToken).toBeUndefined();
  });

  it('marks the token cookies Secure in production', async () => {
    const production = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox,
        env: { NODE_ENV: 'production', DEV_HOSTS: 'true' },
      }),
    );
    try {
      const phone = (await production.se.get('/api/tirehotel/authorization/search?regNo=JKL012')).body
        .encryptedPhoneNumber as string;
      const login = await production.se.post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${phone}`);
      expect((login.headers['set-cookie'] as unknown as string[])[0]).toMatch(
        /^th_login=[^;]+;.*; HttpOnly; Secure; SameSite=Strict/,
      );
    } finally {
      await production.stop();
    }
  });

  it('never writes tokens or one-time codes to the log', async () => {
    const { validate, login } = await loggedIn('GHI789', '7890');
    const tokens = [...cookiesOf(login), ...cookiesOf(validate)].map((c) => c.split('=')[1]!);
    const log = JSON.stringify(h.bff.log.lines);
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toMatch(/otpToken=7890/);
  });

  it('answers 401 without a login cookie and calls nothing', async () => {
    const before = calls();
    const res = await h.se.post('/api/tirehotel/authorization/validate?otpToken=1234');
    expect(res.status).toBe(401);
    expect(calls()).toBe(before);
  });

  it.each([
    ['a code of 3 digits', '/api/tirehotel/authorization/validate?otpToken=123', 'query.otpToken'],
    ['a code with letters', '/api/tirehotel/authorization/validate?otpToken=12a4', 'query.otpToken'],
    [
      'an encrypted phone number with symbols',
      '/api/tirehotel/authorization/login?encryptedPhoneNumber=%3Cscript%3E',
      'query.encryptedPhoneNumber',
    ],
  ])('refuses %s with 400 and calls nothing', async (_what, path, field) => {
    const before = calls();
    const res = await h.se.post(path);
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(field);
    expect(calls()).toBe(before);
  });

  it.each([
    ['1 character', 'A'],
    ['8 characters', 'ABCD1234'],
    ['symbols', 'AB%3B12'],
  ])('refuses a registration number of %s', async (_what, regNo) => {
    const res = await h.se.get(`/api/tirehotel/authorization/search?regNo=${regNo}`);
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain('query.regNo');
  });
});

describe('tire hotel brute-force limits', () => {
  it('refuses the 4th code send for one agreement within 15 minutes with 429, Retry-After and a Swedish message', async () => {
    const phone = await encryptedPhoneOf('ABC123');
    for (let i = 0; i < 3; i++)
      expect((await h.se.post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${phone}`)).status).toBe(200);
    const before = calls();
    const fourth = await h.se.post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${phone}`);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(fourth.body.error).toMatchObject({ code: 'too_many_requests', message: expect.stringMatching(/kod/) });
    expect(calls()).toBe(before);
  });

  it('ends a code at its first wrong guess: 401 with the market message and the login cookie cleared, then the right code is refused too', async () => {
    const ip = randomIp();
    const login = await h.se
      .post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${await encryptedPhoneOf('MNO345')}`)
      .set('X-Forwarded-For', ip);
    const attempt = (code: string) =>
      h.se
        .post(`/api/tirehotel/authorization/validate?otpToken=${code}`)
        .set('Cookie', cookiesOf(login))
        .set('X-Forwarded-For', ip);
    const wrong = await attempt('0000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'code_wrong', message: sv['tirehotel.codeWrong'] });
    expect(wrong.body.error.upstream).toBeUndefined();
    expect(String(wrong.headers['set-cookie'])).toMatch(/th_login=;/);
    const right = await attempt('3456');
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
    expect(right.body.error.message).toBe(sv['limit.codeVoid']);
  });

  it('refuses an 11th validate attempt from one IP within a minute', async () => {
    const ip = randomIp();
    const login = await h.se
      .post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${await encryptedPhoneOf('JKL012')}`)
      .set('X-Forwarded-For', ip);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // The sent code first, then made-up ones: each is a code of its own, so only the per-IP limit can refuse.
      const res = await h.se
        .post('/api/tirehotel/authorization/validate?otpToken=9999')
        .set('Cookie', i === 0 ? cookiesOf(login) : [`th_login=made-up-${randomBytes(12).toString('base64url')}`])
        .set('X-Forwarded-For', ip);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('shares the code-send counter between two app instances through Redis', async () => {
    const fresh = await startSeededSandbox();
    const [a, b] = [
      withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox: fresh })),
      withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox: fresh })),
    ];
    try {
      const phone = (await a.se.get('/api/tirehotel/authorization/search?regNo=GHI789')).body
        .encryptedPhoneNumber as string;
      const send = (app: typeof a) => app.se.post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${phone}`);
      expect([(await send(a)).status, (await send(b)).status, (await send(a)).status]).toEqual([200, 200, 200]);
      expect((await send(b)).status).toBe(429);
    } finally {
      await a.stop();
      await b.stop();
      await fresh.close();
    }
  });
});

describe('tire hotel booking with the session cookie', () => {
  it('books a wheel change with the cookie attached and leaves a review', async () => {
    const { cookie, validate } = await loggedIn('DEF456', '4567');
    const { erpId } = validate.body.vehicles[0].location;
    const brandCode = validate.body.vehicles[0].brandCode;
    const today = new Date();
    const range = { startDate: isoDay(today, 0), endDate: isoDay(today, 90), regNo: brandCode };
    const days = await h.se
      .post(`/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=${erpId}`, range)
      .set('Cookie', cookie);
    expect(days.status).toBe(200);
    const day = days.body.availableDates[0].date as string;
    const times = await h.se
      .post(`/api/tirehotel/booking/GetTimeslots?workshopIdentifier=${erpId}`, {
        startDate: day,
        endDate: day,
        regNo: brandCode,
      })
      .set('Cookie', cookie);
    const start = times.body.availableTimeSlotDates[0].startTime[0] as string;
    const booking = {
      bookingDate: day,
      bookingStart: start,
      regNo: 'DEF456',
      freeText: null,
      customer: { firstName: 'Eva', lastName: 'Berg', email: 'eva@example.se', phoneMobile: '+46701234567' },
    };
    const created = await h.se
      .post(`/api/tirehotel/booking/create?departmentIdentifier=${erpId}`, booking)
      .set('Cookie', cookie);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ bookingConfirmationId: expect.any(String), appointmentTime: start });
    const review = await h.se
      .post('/api/tirehotel/review/addReview', { rating: 5, comment: 'Bra', date: new Date().toISOString() })
      .set('Cookie', cookie);
    expect(review.status).toBe(200);
  });

  it('answers 401 for a booking call without the session cookie and calls nothing', async () => {
    const before = calls();
    const res = await h.se.post('/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=TH1001', {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      regNo: 'VOL',
    });
    expect(res.status).toBe(401);
    expect(calls()).toBe(before);
  });

  it("passes the service's 401 on when the session cookie is no longer known upstream", async () => {
    const res = await h.se
      .post('/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=TH1001', {
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        regNo: 'VOL',
      })
      .set('Cookie', 'th_session=unknown-token-1234567890');
    expect(res.status).toBe(401);
    expect(res.body.error.upstream.message).toMatch(/Logga in igen/);
  });

  it.each([
    [
      'a mobile of 7 digits',
      { customer: { firstName: 'E', lastName: 'B', email: 'e@b.se', phoneMobile: '0701234' } },
      'body.customer.phoneMobile',
    ],
    [
      'an e-mail without domain',
      { customer: { firstName: 'E', lastName: 'B', email: 'e@', phoneMobile: '0701234567' } },
      'body.customer.email',
    ],
    ['a date in another format', { bookingDate: '01/03/2026' }, 'body.bookingDate'],
  ])('refuses a booking with %s', async (_what, patch, field) => {
    const base = {
      bookingDate: '2026-03-02',
      bookingStart: null,
      regNo: 'DEF456',
      customer: { firstName: 'E', lastName: 'B', email: 'e@b.se', phoneMobile: '0701234567' },
    };
    const res = await h.se
      .post('/api/tirehotel/booking/create?departmentIdentifier=TH1002', { ...base, ...patch })
      .set('Cookie', 'th_session=whatever-token-123');
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(field);
  });

  it('refuses a rating of 6', async () => {
    const res = await h.se.post('/api/tirehotel/review/addReview', { rating: 6, date: new Date().toISOString() });
    expect(issuePaths(res.body)).toContain('body.rating');
  });

  it('answers 502 when the service fails, and 404 outside Sweden', async () => {
    sandbox.ctx.faults.set('tirehotel', { status: 500 }, 3);
    expect((await h.se.get('/api/tirehotel/authorization/search?regNo=ABC123')).status).toBe(502);
    expect((await h.uk.get('/api/tirehotel/authorization/search?regNo=ABC123')).status).toBe(404);
    expect((await h.no.post('/api/tirehotel/authorization/logout')).status).toBe(404);
  });

  it('forgets both cookies on logout', async () => {
    const res = await h.se.post('/api/tirehotel/authorization/logout');
    expect(res.status).toBe(204);
    const cleared = res.headers['set-cookie'] as unknown as string[];
    expect(cleared.map((c) => c.split('=')[0])).toEqual(['th_login', 'th_session']);
    for (const c of cleared) expect(c).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

function isoDay(from: Date, plusDays: number): string {
  return new Date(from.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}

describe("the BFF's own tire-hotel messages", () => {
  it('come from the translations of every language of every market with the tire hotel', async () => {
    const markets = MARKETS.filter((m) => m.features.tireHotel);
    expect(markets.map((m) => m.id).sort()).toEqual(['se', 'se-used']);
    for (const market of markets) {
      for (const language of market.languages) {
        const t = translator(language);
        const ask = (path: string) =>
          request(h.bff.app).post(path).set('Host', market.devHostname).set('Accept-Language', language);
        const noCode = await ask('/api/tirehotel/authorization/validate?otpToken=1234');
        expect([market.id, noCode.status, noCode.body.error]).toMatchObject([
          market.id,
          401,
          { code: 'code_required', message: t('tirehotel.codeExpired') },
        ]);
        const noSession = await ask('/api/tirehotel/review/addReview').send({
          rating: 5,
          comment: null,
          date: new Date().toISOString(),
        });
        expect([market.id, noSession.status, noSession.body.error]).toMatchObject([
          market.id,
          401,
          { code: 'login_required', message: t('tirehotel.sessionExpired') },
        ]);
      }
    }
  });
});
