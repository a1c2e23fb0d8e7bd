import { jest } from '@jest/globals';
import request from 'supertest';
import { marketById } from '../../markets/registry.js';
import { RATE_LIMIT_DEFAULTS } from '../../server/security/rateLimits.js';
import { stackForThisFile } from '../support/testStack.js';

jest.setTimeout(60_000);

/** Behind one load balancer, which appends the address it saw: some write it with the client's port. */
const harness = stackForThisFile({ bff: 'app', env: { TRUST_PROXY: '1' } });
const sweden = marketById('se');
const { points } = RATE_LIMIT_DEFAULTS.lookupsPerClient;

/** An agreement look-up (limited per client) of a registration number of its own, from the hop given. */
const lookUp = (i: number, hop: string) =>
  request(harness.bff.app)
    .get(`/api/tirehotel/authorization/search?regNo=FWD${String(i).padStart(3, '0')}`)
    .set('Host', sweden.devHostname)
    .set('X-Forwarded-For', `198.18.0.1, ${hop}`);

describe('the address a forwarded hop names', () => {
  it.each([
    ['ip:port', (i: number) => `203.0.113.50:${40_000 + i}`],
    ['[v6]:port', (i: number) => `[2001:db8:50:1::${(i + 1).toString(16)}]:${40_000 + i}`],
    ['junk', (i: number) => `unknown-${i}`],
  ])(`is one client whatever port it names (%s): the look-up after the ${points}th is refused`, async (_, hop) => {
    const statuses = [];
    for (let i = 0; i < points + 4; i++) statuses.push((await lookUp(i, hop(i))).status);
    expect(statuses.slice(0, points).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(points)).toEqual([429, 429, 429, 429]);
  });
});
