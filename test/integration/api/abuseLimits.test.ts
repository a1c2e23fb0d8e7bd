import { jest } from '@jest/globals';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import { fi } from '../../../markets/translations/fi.js';
import { sv } from '../../../markets/translations/sv.js';
import { mechmateOperations } from '../../../server/api/mechmateRoutes.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(60_000);

/**
 * A hostile client against the BFF over HTTP, the sandbox and real Redis (issue 23). The BFF runs as
 * behind one cloud load balancer (TRUST_PROXY=1): the balancer is the TCP peer (127.0.0.1 here) and
 * appends the address it saw to X-Forwarded-For, after whatever the client forged there.
 */
let sandbox: SandboxHere;
let h: MarketStack;
beforeAll(async () => {
  sandbox = await seededSandbox();
  h = withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox, env: { TRUST_PROXY: '1' } }));
});
afterAll(async () => {
  await h.stop();
  await sandbox.close();
});

/** Its own seed: the encrypted phone numbers (the agreements' counters) are new each run. */
async function seededSandbox(): Promise<SandboxHere> {
  return startSandboxHere({ seed: randomInt(1, 2 ** 31) });
}

type Harness = typeof h;
/** A client address of this run, as the balancer reports it (TEST-NET-3 with random low octets). */
const clientAddress = () => `203.0.113.${randomInt(1, 255)}`;
const uniqueAddress = (() => {
  let n = randomInt(0, 60_000);
  return () => `10.${(n >> 16) & 255}.${(++n >> 8) & 255}.${n & 255}`;
})();
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
const codeChecks = () => sandbox.ctx.stats.tirehotelCodeChecks;

async function sendCode(app: Harness, regNo: string, from = uniqueAddress()) {
  const phone = (await app.se.get(`/api/tirehotel/authorization/search?regNo=${regNo}`).set('X-Forwarded-For', from))
    .body.encryptedPhoneNumber as string;
  const login = await app.se
    .post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${phone}`)
    .set('X-Forwarded-For', from);
  expect(login.status).toBe(200);
  return cookiesOf(login);
}
const guess = (app: Harness, loginCookie: string[], code: string, forwardedFor = uniqueAddress()) =>
  app.se
    .post(`/api/tirehotel/authorization/validate?otpToken=${code}`)
    .set('Cookie', loginCookie)
    .set('X-Forwarded-For', forwardedFor);
const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 10_000).padStart(4, '0'));

describe('guessing a one-time code', () => {
  it('lets 1 of 50 concurrent wrong codes from 50 addresses reach the service, and the right code is refused after it', async () => {
    const login = await sendCode(h, 'DEF456');
    const before = codeChecks();
    const answers = await Promise.all(wrongCodes('4567', 50).map((code) => guess(h, login, code)));
    expect(codeChecks() - before).toBe(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(49);
    expect(refused[0]!.body.error.message).toBe(sv['limit.codeVoid']);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const right = await guess(h, login, '4567');
    expect(right.status).toBe(429);
    expect(codeChecks() - before).toBe(1);
  });

  it('lets the right code in only when it is the one guess that reached the service', async () => {
    const login = await sendCode(h, 'GHI789');
    const before = codeChecks();
    const codes = wrongCodes('7890', 49);
    codes.splice(randomInt(0, 50), 0, '7890');
    const answers = await Promise.all(codes.map((code) => guess(h, login, code)));
    expect(codeChecks() - before).toBe(1);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status !== 429)).toHaveLength(1);
  });

  it('keeps the one guess for two BFF instances sharing Redis together', async () => {
    const other = withMarketAgents(
      await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox, env: { TRUST_PROXY: '1' } }),
    );
    try {
      const login = await sendCode(h, 'JKL012');
      const before = codeChecks();
      const answers = await Promise.all(wrongCodes('0123', 50).map((code, i) => guess(i % 2 ? other : h, login, code)));
      expect(codeChecks() - before).toBe(1);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(49);
      expect((await guess(other, login, '0123')).status).toBe(429);
    } finally {
      await other.stop();
    }
  });

  it('limits 300 guesses with 300 forged X-Forwarded-For values as one client behind the load balancer', async () => {
    const attacker = clientAddress();
    const before = codeChecks();
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => {
          // A made-up login token each time, so only the per-client limit can stop the guesses.
          const loginCookie = [`th_login=forged-${randomBytes(12).toString('base64url')}`];
          return guess(h, loginCookie, '1234', `${uniqueAddress()}, ${attacker}`);
        }),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(codeChecks() - before).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(290);
    // Another shopper behind the same balancer is a client of its own.
    const shopper = await guess(
      h,
      [`th_login=other-${randomBytes(12).toString('base64url')}`],
      '1234',
      `${uniqueAddress()}, 198.51.100.${randomInt(1, 255)}`,
    );
    expect(shopper.status).toBe(401);
  });
});

describe('a stranger who knows a registration number', () => {
  // A sandbox of its own: its agreements' daily counts start at 0 whatever the other tests guessed.
  let day: SandboxHere;
  let app: Harness;
  beforeAll(async () => {
    day = await seededSandbox();
    // Without the quarter-hour limit on sends, so the daily ones are what refuse.
    app = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox: day,
        env: { TRUST_PROXY: '1', RATE_LIMIT_CODE_SENDS_PER_AGREEMENT: '100/900' },
      }),
    );
  });
  afterAll(async () => {
    await app.stop();
    await day.close();
  });
  const checks = () => day.ctx.stats.tirehotelCodeChecks;
  const phoneOf = async (regNo: string) =>
    (await app.se.get(`/api/tirehotel/authorization/search?regNo=${regNo}`).set('X-Forwarded-For', uniqueAddress()))
      .body.encryptedPhoneNumber as string;
  const send = (phone: string, from: string) =>
    app.se.post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${phone}`).set('X-Forwarded-For', from);

  it("cannot lock the owner out: after 10 codes asked for and guessed 5 times each, the owner's fresh code works", async () => {
    const phone = await phoneOf('ABC123');
    const stranger = clientAddress();
    const before = checks();
    let sent = 0;
    for (let i = 0; i < 10; i++) {
      const login = await send(phone, stranger);
      if (login.status !== 200) {
        expect(login.body.error.message).toBe(sv['limit.codeSendsToday']);
        continue;
      }
      sent++;
      for (const code of wrongCodes('1234', 5)) await guess(app, cookiesOf(login), code, stranger);
    }
    // Four codes from one address a day, one guess each (and 10 guesses a minute from it): at most 4 of the 50
    // guesses reached the service, where 10 wrong ones used to lock the agreement's login for a day.
    expect(sent).toBe(4);
    expect(checks() - before).toBeLessThanOrEqual(4);
    const owner = await send(phone, uniqueAddress());
    expect(owner.status).toBe(200);
    expect((await guess(app, cookiesOf(owner), '1234')).status).toBe(200);
  });

  it('ends a code at a wrong guess: the message asks for a new code, and the fresh one works', async () => {
    const phone = await phoneOf('DEF456');
    const from = uniqueAddress();
    const login = cookiesOf(await send(phone, from));
    const wrong = await guess(app, login, '0000', from);
    expect([wrong.status, wrong.body.error.code, wrong.body.error.message]).toEqual([
      401,
      'code_wrong',
      sv['tirehotel.codeWrong'],
    ]);
    const before = checks();
    expect((await guess(app, login, '4567', from)).status).toBe(429);
    expect(checks()).toBe(before);
    expect((await guess(app, cookiesOf(await send(phone, from)), '4567', from)).status).toBe(200);
  });

  it("leaves the owner their codes when a stranger floods one agreement's code sends from one address", async () => {
    const phone = await phoneOf('JKL012');
    const stranger = uniqueAddress();
    // The address's share is 4 a day; its 20 more attempts are refused before they count for the agreement.
    const statuses = [];
    for (let i = 0; i < 24; i++) statuses.push((await send(phone, stranger)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    const owner = await send(phone, uniqueAddress());
    expect(owner.status).toBe(200);
    expect((await guess(app, cookiesOf(owner), '0123')).status).toBe(200);
  });

  it('sends one agreement at most 10 codes a day, and at most 4 of them to one address', async () => {
    const phone = await phoneOf('GHI789');
    const one = uniqueAddress();
    for (let i = 0; i < 4; i++) expect((await send(phone, one)).status).toBe(200);
    const fifth = await send(phone, one);
    expect([fifth.status, fifth.body.error.message]).toEqual([429, sv['limit.codeSendsToday']]);
    for (let i = 0; i < 6; i++) expect((await send(phone, uniqueAddress())).status).toBe(200);
    const eleventh = await send(phone, uniqueAddress());
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.message).toBe(sv['limit.codeSendsToday']);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });
});

describe('web-vitals beacons', () => {
  it('takes 30 beacons a minute from one client on two BFF instances sharing Redis together, then 429 with Retry-After', async () => {
    const other = withMarketAgents(
      await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox, env: { TRUST_PROXY: '1' } }),
    );
    try {
      const client = uniqueAddress();
      const beacon = { path: '/', metrics: [{ name: 'CLS', value: 0, rating: 'good', id: 'v5-1' }] };
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? other : h).se.post('/api/rum', beacon).set('X-Forwarded-For', client),
        ),
      );
      expect(answers.filter((a) => a.status === 204)).toHaveLength(30);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(10);
      expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused[0]!.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused[0]!.body.error).toMatchObject({ code: 'too_many_requests', message: sv['limit.tooMany'] });
    } finally {
      await other.stop();
    }
  });
});

describe('logging out', () => {
  it('refuses the session token replayed after logout with 401, on every instance sharing Redis, without calling the service', async () => {
    const login = await sendCode(h, 'MNO345');
    const validated = await guess(h, login, '3456');
    expect(validated.status).toBe(200);
    const session = cookiesOf(validated);
    const range = { startDate: '2026-01-01', endDate: '2026-01-31', regNo: 'VOL' };
    const days = (app: Harness) =>
      app.se.post('/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=TH1001', range).set('Cookie', session);
    expect((await days(h)).status).not.toBe(401);
    expect((await h.se.post('/api/tirehotel/authorization/logout').set('Cookie', session)).status).toBe(204);
    const other = withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox }));
    try {
      const calls = sandbox.upstreamCalls('tirehotel');
      const replayed = [await days(h), await days(other)];
      expect(replayed.map((r) => r.status)).toEqual([401, 401]);
      expect(replayed[0]!.body.error.code).toBe('login_required');
      expect(sandbox.upstreamCalls('tirehotel')).toBe(calls);
    } finally {
      await other.stop();
    }
  });
});

describe('anonymous writes', () => {
  const sellCar = (formName = 'Hedin AutomotiveSellCarShortForm') => ({
    formName,
    formSubmissionId: randomUUID(),
    values: { customerName: 'Per', customerPhone: '+46701234567', customerEmail: 'per@example.se', option: 'sellCar' },
  });

  it('answers the 31st lead from one client in 10 minutes 429 with Retry-After in the market language, and nothing reaches the hub', async () => {
    const client = uniqueAddress();
    const post = () => h.se.post('/api/forms/comhub', sellCar()).set('X-Forwarded-For', client);
    const answers = await Promise.all(Array.from({ length: 30 }, post));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(202));
    const hubCalls = sandbox.upstreamCalls('comhub');
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(refused.body.error).toMatchObject({ code: 'too_many_requests', message: sv['limit.tooMany'] });
    expect(sandbox.upstreamCalls('comhub')).toBe(hubCalls);
    expect((await h.se.post('/api/forms/comhub', sellCar()).set('X-Forwarded-For', uniqueAddress())).status).toBe(202);
  });

  it('says so in Finnish on the Finnish site, in Swedish for its Swedish pages, with the number RATE_LIMIT_LEADS_PER_CLIENT sets', async () => {
    const strict = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox,
        env: { TRUST_PROXY: '1', RATE_LIMIT_LEADS_PER_CLIENT: '1/60' },
      }),
    );
    try {
      const client = uniqueAddress();
      const post = () =>
        strict.fi
          .post('/api/forms/comhub', sellCar('Hedin Automotive SuomiSellCarShortForm'))
          .set('X-Forwarded-For', client);
      expect((await post()).status).toBe(202);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe(fi['limit.tooMany']);
      // A page of the Finnish site in Swedish names its language (client/forms); one the site does not have is ignored.
      expect((await post().set('Accept-Language', 'sv')).body.error.message).toBe(sv['limit.tooMany']);
      expect((await post().set('Accept-Language', 'en-GB,en;q=0.9')).body.error.message).toBe(fi['limit.tooMany']);
    } finally {
      await strict.stop();
    }
  });

  it('lets one client take at most 10 booking slots however many it asks for at once', async () => {
    const client = uniqueAddress();
    const body = mechmateOperations.book.example!().body!;
    const before = sandbox.upstreamCalls('mechmate');
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => h.se.post('/api/mechmate/book', body).set('X-Forwarded-For', client)),
    );
    expect(sandbox.upstreamCalls('mechmate') - before).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(50);
  });

  it('refuses the 11th tire-hotel review from one client in 10 minutes, before the service', async () => {
    const client = uniqueAddress();
    const session = cookiesOf(await guess(h, await sendCode(h, 'ABC123', client), '1234', client));
    const review = () =>
      h.se
        .post('/api/tirehotel/review/addReview', { rating: 5, comment: 'Bra', date: new Date().toISOString() })
        .set('Cookie', session)
        .set('X-Forwarded-For', client);
    const before = sandbox.ctx.stats.tirehotelReviews.length;
    for (let i = 0; i < 10; i++) expect((await review()).status).toBe(200);
    const refused = await review();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(sv['limit.tooMany']);
    expect(sandbox.ctx.stats.tirehotelReviews.length - before).toBe(10);
  });

  it('limits agreement look-ups per client, so phone numbers cannot be collected, and counts the refusal by limit', async () => {
    const refusals = async () =>
      Number(
        /^bff_rate_limit_refusals_total\{limit="lookupsPerClient"\} (\d+)$/m.exec(
          (await request(h.bff.metricsApp).get('/metrics')).text,
        )?.[1] ?? 0,
      );
    const refusedBefore = await refusals();
    const client = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push(
        (
          await h.se
            .get(`/api/tirehotel/authorization/search?regNo=ZZ${String(i).padStart(3, '0')}`)
            .set('X-Forwarded-For', client)
        ).status,
      );
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    // What the operator's BffRateLimitRefusals panel and alert read (deploy/prometheus/alerts.yml).
    expect(await refusals()).toBe(refusedBefore + 1);
  });
});
