import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { firstFreeSlot, serviceBooking } from '../../support/serviceBooking.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(30_000);

// Two replicas sharing Redis and the booking service, as behind a load balancer.
let a: MarketStack;
let b: MarketStack;
beforeAll(async () => {
  a = withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl }));
  b = withMarketAgents(await startTestStack({ bff: 'app', redis: testRedisUrl, sandbox: a.sandbox }));
});
afterAll(async () => {
  await b.stop();
  await a.stop();
});

const booking = (timeSlot: string, bookingRequestId: string) => ({ ...serviceBooking(timeSlot), bookingRequestId });
const bookCalls = () => a.sandbox.upstreamCalls('mechmate');

describe('a service booking sent again with its bookingRequestId', () => {
  it('is booked once and the retry, on another replica, gets the same booking', async () => {
    const body = booking(await firstFreeSlot(a.se), randomUUID());
    const before = bookCalls();
    const first = await a.se.post('/api/mechmate/book', body);
    const retry = await b.se.post('/api/mechmate/book', body);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(bookCalls() - before).toBe(1);
  });

  it('is booked by the retry when the first attempt failed', async () => {
    const body = booking(await firstFreeSlot(a.se), randomUUID());
    a.sandbox.ctx.faults.set('mechmate', { status: 503 }, 1);
    expect((await a.se.post('/api/mechmate/book', body)).status).toBe(502);
    const retry = await b.se.post('/api/mechmate/book', body);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ id: expect.stringMatching(/^MM-/) });
  });

  it('is not booked again, on any replica, when the first answer broke off after the service may have booked it', async () => {
    const body = booking(await firstFreeSlot(a.se), randomUUID());
    const before = bookCalls();
    a.sandbox.ctx.faults.set('mechmate', { cut: true }, 1);
    expect((await a.se.post('/api/mechmate/book', body)).status).toBe(502);
    const retry = await b.se.post('/api/mechmate/book', body);
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('submission_unconfirmed');
    expect(bookCalls() - before).toBe(1);
  });

  it("never answers with another shopper's booking: a reused bookingRequestId with another customer is booked as its own", async () => {
    const key = randomUUID();
    const first = await a.se.post('/api/mechmate/book', booking(await firstFreeSlot(a.se), key));
    const other = {
      ...booking(await firstFreeSlot(a.se), key),
      customer: { firstName: 'Mallory', lastName: 'Other', phone: '+46 70 999 99 99', email: 'm@example.se' },
    };
    const second = await b.se.post('/api/mechmate/book', other);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).not.toEqual(first.body);
  });

  it('without a bookingRequestId is sent as before: a second send meets the taken time', async () => {
    const { bookingRequestId: _none, ...body } = booking(await firstFreeSlot(a.se), 'unused-key');
    expect((await a.se.post('/api/mechmate/book', body)).status).toBe(200);
    expect((await b.se.post('/api/mechmate/book', body)).status).toBe(409);
  });
});
