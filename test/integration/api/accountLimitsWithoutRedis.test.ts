import { jest } from '@jest/globals';
import { randomInt } from 'node:crypto';
import { sv } from '../../../markets/translations/sv.js';
import { spawnRedis, type SpawnedRedis } from '../../../scripts/stack/redisServers.js';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';

jest.setTimeout(60_000);

/**
 * Two BFF instances on a Redis of this test's own, stopped and started again (the shared one is never
 * stopped). Issue 31: while Redis was away every limit counted in each process alone, so k replicas
 * gave an attacker k times the guesses; and a logout made meanwhile never reached the other replicas.
 */
let redis: SpawnedRedis | undefined;
let sandbox: SandboxHere;
let a: MarketStack;
let b: MarketStack;

async function stopRedis(): Promise<void> {
  await redis!.stop();
  await waitUntil(
    () => a.bff.redis.available() === undefined && b.bff.redis.available() === undefined,
    'Redis seen down',
    { timeoutMs: 10_000 },
  );
}
async function restartRedis(): Promise<void> {
  await redis!.start();
  await waitUntil(
    () => a.bff.redis.available() !== undefined && b.bff.redis.available() !== undefined,
    'Redis seen back',
    { timeoutMs: 10_000 },
  );
}

beforeAll(async () => {
  redis = await spawnRedis();
  sandbox = await startSandboxHere({ seed: randomInt(1, 2 ** 31) });
  const env = { TRUST_PROXY: '1' };
  a = withMarketAgents(await startTestStack({ bff: 'app', redis: redis.url, sandbox, env }));
  b = withMarketAgents(await startTestStack({ bff: 'app', redis: redis.url, sandbox, env }));
  await waitUntil(() => b.bff.redis.available() !== undefined, 'Redis seen back', { timeoutMs: 10_000 });
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await sandbox?.close();
  await redis?.stop();
});

let address = randomInt(0, 60_000);
const uniqueAddress = () => `10.${(address >> 16) & 255}.${(++address >> 8) & 255}.${address & 255}`;
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
async function sendCode(regNo: string): Promise<string[]> {
  const from = uniqueAddress();
  const phone = (await a.se.get(`/api/tirehotel/authorization/search?regNo=${regNo}`).set('X-Forwarded-For', from)).body
    .encryptedPhoneNumber as string;
  const login = await a.se
    .post(`/api/tirehotel/authorization/login?encryptedPhoneNumber=${phone}`)
    .set('X-Forwarded-For', from);
  expect(login.status).toBe(200);
  return cookiesOf(login);
}
const guess = (app: typeof a, login: string[], code: string) =>
  app.se
    .post(`/api/tirehotel/authorization/validate?otpToken=${code}`)
    .set('Cookie', login)
    .set('X-Forwarded-For', uniqueAddress());

describe('account limits while Redis is stopped', () => {
  it('answers code guesses 503 with Retry-After and counts none of them in the process: the code keeps its guess for when Redis is back', async () => {
    const login = await sendCode('DEF456');
    await stopRedis();
    const before = sandbox.ctx.stats.tirehotelCodeChecks;
    try {
      for (let i = 0; i < 8; i++) {
        const refused = await guess(i % 2 ? b : a, login, String(1000 + i));
        expect(refused.status).toBe(503);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.body.error).toMatchObject({
          code: 'limits_unavailable',
          message: sv['limit.unavailable'],
          retryAfterSeconds: Number(refused.headers['retry-after']),
        });
      }
      // Look-ups and code sends, the other limits guarding the agreement, refuse alike.
      expect(
        (await a.se.get('/api/tirehotel/authorization/search?regNo=DEF456').set('X-Forwarded-For', uniqueAddress()))
          .status,
      ).toBe(503);
      expect(sandbox.ctx.stats.tirehotelCodeChecks).toBe(before);
    } finally {
      await restartRedis();
    }
    // The restarted Redis is empty; nothing was counted in either process meanwhile.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await guess(i % 2 ? b : a, login, String(2000 + i))).status);
    expect(statuses).toEqual([401, 429, 429]);
    expect(sandbox.ctx.stats.tirehotelCodeChecks - before).toBe(1);
  });

  it('writes a logout made while Redis is stopped once Redis is back, so the other instance refuses the session too', async () => {
    const validated = await guess(a, await sendCode('MNO345'), '3456');
    expect(validated.status).toBe(200);
    const session = cookiesOf(validated);
    const range = { startDate: '2026-01-01', endDate: '2026-01-31', regNo: 'VOL' };
    const days = (app: typeof a) =>
      app.se.post('/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=TH1001', range).set('Cookie', session);
    expect((await days(b)).status).toBe(200);
    await stopRedis();
    try {
      expect((await a.se.post('/api/tirehotel/authorization/logout').set('Cookie', session)).status).toBe(204);
      expect((await days(a)).status).toBe(401);
    } finally {
      await restartRedis();
    }
    let answer = await days(b);
    await waitUntil(async () => (answer = await days(b)).status === 401, 'the logout reaching instance B', {
      everyMs: 100,
    }).catch(() => undefined);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('login_required');
  });
});
