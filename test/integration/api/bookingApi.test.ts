import { jest } from '@jest/globals';
import { firstFreeSlot, serviceBooking as validBooking } from '../../support/serviceBooking.js';
import { issuePaths } from '../../support/apiIssues.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(20_000);

let h: MarketStack;
beforeAll(async () => {
  h = withMarketAgents(
    await startTestStack({ bff: 'app', redis: testRedisUrl, env: { UPSTREAM_MECHMATE_TIMEOUT_MS: '2000' } }),
  );
});
afterAll(() => h.stop());
afterEach(() => h.sandbox.ctx.faults.clear());

const mechmateCalls = () => h.sandbox.upstreamCalls('mechmate');
describe('booking routes relay the booking service', () => {
  it('answers the car of a registration number, upper-casing it and dropping spaces', async () => {
    const res = await h.se.get('/api/mechmate/car/abc%20123');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ registrationNumber: 'ABC123', brand: 'Volvo', isSupported: true });
  });

  it('answers services and add-ons near a place, add-ons with their selectionType', async () => {
    const services = await h.se.get('/api/mechmate/services/ABC123?lat=59.33&lng=18.07');
    const addons = await h.se.get('/api/mechmate/addons/ABC123?lat=59.33&lng=18.07');
    expect(services.status).toBe(200);
    expect(services.body.serviceOfferingCategories.length).toBeGreaterThan(0);
    expect(
      addons.body.serviceOfferingCategories.some((c: { selectionType?: string }) => c.selectionType === 'single'),
    ).toBe(true);
  });

  it('answers prices of a comma-separated code list at one workshop', async () => {
    const res = await h.se.get('/api/mechmate/prices/ABC123/1500/2001?serviceOfferings=originalservice,oilservice');
    expect(res.status).toBe(200);
    expect(res.body.offers.map((o: { code: string }) => o.code)).toEqual(['originalservice', 'oilservice']);
  });

  it('answers time slots from a YYYY-MM-DDT00:00:00 date and books one', async () => {
    const slot = await firstFreeSlot(h.se);
    const booked = await h.se.post('/api/mechmate/book', validBooking(slot));
    expect(booked.status).toBe(200);
    expect(booked.body).toEqual({ id: expect.stringMatching(/^MM-/) });
  });

  it("passes a taken time slot's 409 TimeslotNotAvailable through with the service's error body", async () => {
    const slot = await firstFreeSlot(h.se);
    await h.se.post('/api/mechmate/book', validBooking(slot));
    const again = await h.se.post('/api/mechmate/book', validBooking(slot));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'upstream_status',
      upstream: { errors: { 'Error Result': ['TimeslotNotAvailable'] } },
    });
  });

  it('answers whether a brand has an authorised workshop', async () => {
    expect((await h.se.get('/api/mechmate/authorized-workshop/Land-Rover')).body).toEqual({ hasBrand: true });
  });

  it.each([
    ['NFD404', 404, 'VehicleNotFound'],
    ['BNS999', 400, 'BrandNotSupported, Lada'],
  ])('passes the service error of %s on as %i with errors[Error Result]', async (regNo, status, code) => {
    const res = await h.se.get(`/api/mechmate/car/${regNo}`);
    expect(res.status).toBe(status);
    expect(res.body.error.upstream.errors['Error Result'][0]).toBe(code);
  });
});

describe('booking routes validate before calling the service', () => {
  it.each([
    ['a registration number over 6 characters', '/api/mechmate/car/ABC1234', 'path.regNo'],
    ['a registration number with symbols', '/api/mechmate/car/AB%2F12', 'path.regNo'],
    ['a latitude out of range', '/api/mechmate/services/ABC123?lat=91&lng=18', 'query.lat'],
    ['a missing longitude', '/api/mechmate/addons/ABC123?lat=59', 'query.lng'],
    ['a non-numeric latitude', '/api/mechmate/services/ABC123?lat=north&lng=18', 'query.lat'],
    [
      'an empty service offering list',
      '/api/mechmate/prices/ABC123/100/2001?serviceOfferings=',
      'query.serviceOfferings',
    ],
    [
      'an offering code with capitals and symbols',
      '/api/mechmate/prices/ABC123/100/2001?serviceOfferings=Oil%3Bdrop',
      'query.serviceOfferings.0',
    ],
    ['a negative mileage', '/api/mechmate/prices/ABC123/-1/2001?serviceOfferings=oilservice', 'path.mileage'],
    [
      'a department id that is not a positive integer',
      '/api/mechmate/prices/ABC123/100/abc?serviceOfferings=oilservice',
      'path.departmentId',
    ],
    ['a date without T00:00:00', '/api/mechmate/timeslots/from/ABC123/2001/2026-03-02', 'path.date'],
    ['a date with a time of day', '/api/mechmate/timeslots/from/ABC123/2001/2026-03-02T08:00:00', 'path.date'],
    ['a brand with a slash or dot', '/api/mechmate/authorized-workshop/..%2Fetc', 'path.brand'],
  ])('refuses %s with 400 naming the field', async (_what, path, field) => {
    const before = mechmateCalls();
    const res = await h.se.get(path);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', requestId: expect.any(String) });
    expect(issuePaths(res.body)).toContain(field);
    expect(mechmateCalls()).toBe(before);
  });

  it.each([
    [
      'a phone with letters',
      { customer: { ...validBooking('2026-03-02T08:00:00').customer, phone: '070-ABC' } },
      'body.customer.phone',
    ],
    [
      'a phone of 5 digits',
      { customer: { ...validBooking('2026-03-02T08:00:00').customer, phone: '12345' } },
      'body.customer.phone',
    ],
    [
      'an e-mail without a top-level domain',
      { customer: { ...validBooking('2026-03-02T08:00:00').customer, email: 'anna@example' } },
      'body.customer.email',
    ],
    ['a message of 81 characters', { freeText: 'x'.repeat(81) }, 'body.freeText'],
    [
      'a service message of 81 characters',
      { serviceOfferingRequests: [{ kobraId: 'diagnostics', userInput: 'y'.repeat(81) }] },
      'body.serviceOfferingRequests.0.userInput',
    ],
    ['no services', { serviceOfferingRequests: [] }, 'body.serviceOfferingRequests'],
    ['a time slot with a zone', { timeSlot: '2026-03-02T08:00:00Z' }, 'body.timeSlot'],
    [
      'a missing last name',
      { customer: { firstName: 'A', phone: '0701234567', email: 'a@b.se' } },
      'body.customer.lastName',
    ],
  ])('refuses a booking with %s', async (_what, patch, field) => {
    const before = mechmateCalls();
    const res = await h.se.post('/api/mechmate/book', { ...validBooking('2026-03-02T08:00:00'), ...patch });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(field);
    expect(mechmateCalls()).toBe(before);
  });

  it('refuses a JSON body over 64 KB with 413', async () => {
    const res = await h.se.post('/api/mechmate/book', {
      ...validBooking('2026-03-02T08:00:00'),
      padding: 'x'.repeat(70_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});

describe('booking routes when the service fails', () => {
  it('answers 504 upstream_timeout when the service hangs', async () => {
    // An instance with a short deadline beside the file's: a hang is waited out, and no test waits seconds.
    const short = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox: h.sandbox,
        env: { UPSTREAM_MECHMATE_TIMEOUT_MS: '300' },
      }),
    );
    try {
      h.sandbox.ctx.faults.set('mechmate', { hang: true }, 1);
      const res = await short.se.get('/api/mechmate/car/ABC123');
      expect(res.status).toBe(504);
      expect(res.body.error.code).toBe('upstream_timeout');
    } finally {
      await short.stop();
    }
  });

  it('answers 502 upstream_bad_answer when the service sends garbage', async () => {
    h.sandbox.ctx.faults.set('mechmate', { garbage: true }, 1);
    const res = await h.se.get('/api/mechmate/car/ABC123');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_bad_answer');
  });

  it("answers 502 after retrying a GET that keeps failing with 503, in our words: the service's own text stays behind", async () => {
    h.sandbox.ctx.faults.set('mechmate', { status: 503 }, 3);
    const before = mechmateCalls();
    const res = await h.se.get('/api/mechmate/car/ABC123');
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({
      code: 'upstream_status',
      message: 'The mechmate service failed; try again shortly',
    });
    expect(res.body.error).not.toHaveProperty('upstream');
    expect(res.text).not.toMatch(/sandbox fault/);
    expect(mechmateCalls() - before).toBe(3);
  });

  it('never retries a booking POST', async () => {
    h.sandbox.ctx.faults.set('mechmate', { status: 503 }, 3);
    const before = mechmateCalls();
    const res = await h.se.post('/api/mechmate/book', validBooking('2026-03-02T08:00:00'));
    expect(res.status).toBe(502);
    expect(mechmateCalls() - before).toBe(1);
  });

  it('answers 502 upstream_unreachable when the connection is reset', async () => {
    h.sandbox.ctx.faults.set('mechmate', { reset: true }, 3);
    const res = await h.se.get('/api/mechmate/car/ABC123');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_unreachable');
  });
});

describe('the booking market gate', () => {
  it.each(['no', 'uk', 'fi'] as const)('answers 404 JSON on the %s market and calls nothing', async (market) => {
    const before = mechmateCalls();
    const res = await h[market].get('/api/mechmate/car/ABC123');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(mechmateCalls()).toBe(before);
  });
});
