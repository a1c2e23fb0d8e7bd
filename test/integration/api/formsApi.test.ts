import { randomUUID } from 'node:crypto';
import { request as undiciRequest } from 'undici';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';
import { sv } from '../../../markets/translations/sv.js';
import { sandboxDataset } from '../../../sandbox/data/dataset.js';
import { MOTORCYCLE_DEALER_SITE_ID, MOTORCYCLE_WORKSHOP_EMAIL } from '../../../sandbox/data/motorcycleDealer.js';
import { issuePaths } from '../../support/apiIssues.js';
import { listen } from '../../../scripts/stack/composedBff.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

let h: MarketStack;
beforeAll(async () => {
  // The relay, not the flood limit (abuseLimits.test.ts), is under test: this file sends more than 30 leads. The hub's
  // deadline is one a loaded machine's sandbox meets (a hang is what reaches it); deadline tests set their own.
  h = withMarketAgents(
    await startTestStack({
      bff: 'app',
      redis: testRedisUrl,
      env: { UPSTREAM_COMHUB_TIMEOUT_MS: '5000', RATE_LIMIT_LEADS_PER_CLIENT: '1000/600' },
    }),
  );
});
afterAll(() => h.stop());
afterEach(() => h.sandbox.ctx.faults.clear());

const submitted = () => h.sandbox.ctx.stats.comhubSubmissions;
const data = () => sandboxDataset(h.sandbox.ctx.seed, h.sandbox.ctx.now());
const seCar = (sample: boolean) =>
  data()
    .cars.get('se')!
    .find((car) => car.car_is_sample === sample && (!sample || car.car_sellers.length > 1))!;
const received = (id: string) => h.sandbox.ctx.stats.comhubForms.find((form) => form.formSubmissionId === id);
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const FORMS = {
  sellCar: {
    formName: 'Hedin AutomotiveSellCarForm',
    values: {
      regno: 'ABC123',
      milage: 12000,
      customerName: 'Per',
      customerPhone: '070 123 45 67',
      customerEmail: 'per@example.se',
      option: 'tradeInCar',
      other: 'Servad',
    },
  },
  sellCarShort: {
    formName: 'Hedin AutomotiveSellCarShortForm',
    values: { customerName: 'Per', customerPhone: '+46701234567', customerEmail: 'per@example.se', option: 'sellCar' },
  },
  serviceBooking: {
    formName: 'ServiceBookingForm',
    values: {
      siteId: MOTORCYCLE_DEALER_SITE_ID,
      description: 'Lyd fra bremser',
      customerName: 'Ola',
      customerPhone: '+47 912 34 567',
      customerEmail: 'ola@example.no',
      regno: 'EL12345',
      milage: 4500,
      other: '',
      date: inAWeek(),
      services: ['Bestile deler'],
      gdpr: true,
      newsletter: false,
      typeMC: true,
    },
  },
  contact: {
    formName: 'CarDetailContactForm',
    values: {
      name: 'Kim',
      phone: '0701234567',
      email: 'kim@example.se',
      message: 'Finns den kvar?',
      siteName: 'Bilcenter',
      quote: true,
      testDrive: false,
    },
  },
};
const submit = (
  form: { formName: string; values: object },
  host: 'se' | 'no' | 'uk' | 'fi' = 'se',
  id: string = randomUUID(),
) => h[host].post('/api/forms/comhub', { formName: form.formName, formSubmissionId: id, values: form.values });

describe('the forms hub relay', () => {
  it.each([
    ['the sell-car form', FORMS.sellCar, 'se'],
    ['the short sell-car form', FORMS.sellCarShort, 'se'],
    ['the Norwegian service request form', FORMS.serviceBooking, 'no'],
    ['the car-detail contact form', FORMS.contact, 'se'],
  ] as const)('passes %s to the hub and its 202 back', async (_what, form, host) => {
    const id = randomUUID();
    const res = await submit(form, host, id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ formSubmissionId: id });
    expect(submitted()).toContain(id);
  });

  it('delivers the same formSubmissionId posted three times to the hub once, answering 202 each time', async () => {
    const id = randomUUID();
    const answers = [
      await submit(FORMS.contact, 'se', id),
      await submit(FORMS.contact, 'se', id),
      await submit(FORMS.contact, 'se', id),
    ];
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(submitted().filter((s) => s === id)).toHaveLength(1);
  });

  it('lets a retry through when the first attempt failed at the hub', async () => {
    const id = randomUUID();
    h.sandbox.ctx.faults.set('comhub', { status: 503 }, 1);
    expect((await submit(FORMS.contact, 'se', id)).status).toBe(502);
    expect((await submit(FORMS.contact, 'se', id)).status).toBe(202);
    expect(submitted().filter((s) => s === id)).toHaveLength(1);
  });

  it("never takes another lead's id as its own: the same formSubmissionId from another market or with other values is its own lead", async () => {
    const id = randomUUID();
    const other = { ...FORMS.contact, values: { ...FORMS.contact.values, name: 'Mallory', message: 'Another lead' } };
    expect((await submit(FORMS.contact, 'se', id)).status).toBe(202);
    expect((await submit(other, 'se', id)).status).toBe(202);
    expect((await submit(FORMS.contact, 'fi', id)).status).toBe(202);
    const leads = h.sandbox.ctx.stats.comhubForms.filter((form) => form.formSubmissionId === id);
    expect(leads.map((lead) => (lead.values as { name: string }).name)).toEqual(['Kim', 'Mallory', 'Kim']);
  });

  it('sends concurrent duplicates once: the others answer 202 or 409 (being sent)', async () => {
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(FORMS.contact, 'se', id)));
    expect(answers.every((a) => a.status === 202 || a.status === 409)).toBe(true);
    expect(submitted().filter((s) => s === id)).toHaveLength(1);
  });

  it('does not send a lead twice when the hub may have taken it: its answer broke off, and the retry is held (409 unconfirmed)', async () => {
    const id = randomUUID();
    h.sandbox.ctx.faults.set('comhub', { cut: true }, 1);
    expect((await submit(FORMS.contact, 'se', id)).status).toBe(502);
    const retry = await submit(FORMS.contact, 'se', id);
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('submission_unconfirmed');
    expect(retry.body.error.message).toBe(sv['submission.unconfirmed']);
    expect(submitted().filter((s) => s === id)).toHaveLength(1);
  });

  it('does not send a lead twice when the hub answered after the deadline: the retry is held, one lead', async () => {
    const id = randomUUID();
    // An instance with a short deadline, so the hub's late answer comes within a second.
    const short = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox: h.sandbox,
        env: { UPSTREAM_COMHUB_TIMEOUT_MS: '300' },
      }),
    );
    try {
      const send = () => short.se.post('/api/forms/comhub', { ...FORMS.contact, formSubmissionId: id });
      h.sandbox.ctx.faults.set('comhub', { latencyMs: 600 }, 1);
      expect((await send()).status).toBe(504);
      await waitUntil(() => submitted().includes(id), 'the lead at the forms hub', { timeoutMs: 20_000 });
      expect((await send()).status).toBe(409);
      expect(submitted().filter((s) => s === id)).toHaveLength(1);
    } finally {
      await short.stop();
    }
  });

  it('lets a retry through at once when the hub could not be reached at all', async () => {
    const id = randomUUID();
    const refusing = withMarketAgents(
      await startTestStack({
        bff: 'app',
        redis: testRedisUrl,
        sandbox: h.sandbox,
        env: { UPSTREAM_COMHUB_URL: 'http://127.0.0.1:9' },
      }),
    );
    try {
      expect((await refusing.se.post('/api/forms/comhub', { ...FORMS.contact, formSubmissionId: id })).status).toBe(
        502,
      );
    } finally {
      await refusing.stop();
    }
    expect((await submit(FORMS.contact, 'se', id)).status).toBe(202);
    expect(submitted().filter((s) => s === id)).toHaveLength(1);
  });

  it('sends the lead of a shopper who went away mid-send, once: the retry gets 202 from the first send', async () => {
    const id = randomUUID();
    const server = await listen(h.bff.app);
    h.sandbox.ctx.faults.set('comhub', { latencyMs: 400 }, 1);
    try {
      const body = JSON.stringify({ ...FORMS.contact, formSubmissionId: id });
      const gone = undiciRequest(`${server.origin}/api/forms/comhub`, {
        method: 'POST',
        headers: { host: 'se.localhost', 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(150),
      });
      await expect(gone).rejects.toThrow();
      await waitUntil(() => submitted().includes(id), 'the lead at the forms hub');
      // Until the BFF has the hub's answer the retry is held (409 being sent), as the form's own retries are; then 202.
      await waitUntil(async () => (await submit(FORMS.contact, 'se', id)).status === 202, 'the retry answered 202');
      expect(submitted().filter((s) => s === id)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('answers 504 when the hub hangs and 404 for the service request form outside Norway', async () => {
    h.sandbox.ctx.faults.set('comhub', { hang: true }, 1);
    expect((await submit(FORMS.contact)).status).toBe(504);
    expect((await submit(FORMS.serviceBooking, 'se')).status).toBe(404);
  });
});

describe("a sell-car form named after the host's site", () => {
  it.each([
    ['se', 'Hedin AutomotiveSellCarForm'],
    ['uk', 'Hedin Automotive UKSellCarForm'],
    ['fi', 'Hedin Automotive SuomiSellCarShortForm'],
  ] as const)('is sent on %s as %s', async (host, formName) => {
    const form = formName.endsWith('ShortForm') ? FORMS.sellCarShort : FORMS.sellCar;
    const id = randomUUID();
    expect((await submit({ ...form, formName }, host, id)).status).toBe(202);
    expect(h.sandbox.ctx.stats.comhubForms.filter((f) => f.formSubmissionId === id).map((f) => f.formName)).toEqual([
      formName,
    ]);
  });

  it.each([
    ["another market's name", 'se', 'Hedin Automotive UKSellCarForm'],
    ["another market's short name", 'uk', 'Hedin AutomotiveSellCarShortForm'],
    ['a made-up site name', 'se', 'BilcenterSellCarForm'],
  ] as const)('refuses %s with 400 naming body.formName and sends nothing', async (_what, host, formName) => {
    const form = formName.endsWith('ShortForm') ? FORMS.sellCarShort : FORMS.sellCar;
    const before = h.sandbox.upstreamCalls('comhub');
    const res = await submit({ ...form, formName }, host);
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toEqual(['body.formName']);
    expect(h.sandbox.upstreamCalls('comhub')).toBe(before);
  });
});

describe('per-form validation', () => {
  const cases: Array<[string, { formName: string; values: object }, string]> = [
    ['an unknown form name', { formName: 'PasswordResetForm', values: {} }, 'body.formName'],
    [
      'a sell-car form without phone',
      { ...FORMS.sellCar, values: { ...FORMS.sellCar.values, customerPhone: undefined } },
      'body.values.customerPhone',
    ],
    [
      'a sell-car form with a negative mileage',
      { ...FORMS.sellCar, values: { ...FORMS.sellCar.values, milage: -1 } },
      'body.values.milage',
    ],
    [
      'a sell-car form with an unknown option',
      { ...FORMS.sellCar, values: { ...FORMS.sellCar.values, option: 'lease' } },
      'body.values.option',
    ],
    [
      'a short sell-car form with a bad e-mail',
      { ...FORMS.sellCarShort, values: { ...FORMS.sellCarShort.values, customerEmail: 'per@example.s' } },
      'body.values.customerEmail',
    ],
    [
      'a service request without consent',
      { ...FORMS.serviceBooking, values: { ...FORMS.serviceBooking.values, gdpr: false } },
      'body.values.gdpr',
    ],
    [
      'a service request for yesterday',
      { ...FORMS.serviceBooking, values: { ...FORMS.serviceBooking.values, date: '2020-01-01' } },
      'body.values.date',
    ],
    [
      'a service request with an unknown service type',
      { ...FORMS.serviceBooking, values: { ...FORMS.serviceBooking.values, services: ['Oljeskift'] } },
      'body.values.services.0',
    ],
    [
      'a car service request with a motorcycle type',
      { ...FORMS.serviceBooking, values: { ...FORMS.serviceBooking.values, typeMC: false } },
      'body.values.services.0',
    ],
    [
      'a contact form with a phone of 21 digits',
      { ...FORMS.contact, values: { ...FORMS.contact.values, phone: '1'.repeat(21) } },
      'body.values.phone',
    ],
    [
      'a contact form with an unknown field',
      { ...FORMS.contact, values: { ...FORMS.contact.values, isAdmin: true } },
      'body.values',
    ],
    [
      'a sample car without a chosen seller',
      { ...FORMS.contact, values: { ...FORMS.contact.values, carIsSample: true } },
      'body.values.seller',
    ],
    [
      'a service request for a site that does not exist',
      { ...FORMS.serviceBooking, values: { ...FORMS.serviceBooking.values, siteId: 'nope' } },
      'body.values.siteId',
    ],
    [
      'a contact form about a car that does not exist',
      { ...FORMS.contact, values: { ...FORMS.contact.values, carId: '999999999' } },
      'body.values.carId',
    ],
  ];
  it.each(cases)('refuses %s with 400 and sends nothing', async (_what, form, field) => {
    const before = h.sandbox.upstreamCalls('comhub');
    const res = await submit(form, form.formName === 'ServiceBookingForm' ? 'no' : 'se');
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(field);
    expect(h.sandbox.upstreamCalls('comhub')).toBe(before);
  });

  it('refuses a formSubmissionId that is not an id', async () => {
    const res = await submit(FORMS.contact, 'se', '../../etc');
    expect(issuePaths(res.body)).toContain('body.formSubmissionId');
  });
});

describe('the recipient of a lead', () => {
  const evil = 'anyone@evil.example';
  const relayedTo = (address: string) =>
    h.sandbox.ctx.stats.comhubForms.filter((form) => Object.values(form.values).includes(address));

  it.each([
    ['siteEmail on a service request', FORMS.serviceBooking, 'no', { siteEmail: evil }],
    ['sellerEmail on a car contact', FORMS.contact, 'se', { sellerEmail: evil }],
  ] as const)(
    'is never taken from the body: %s is refused with 400 and nothing reaches the hub',
    async (_what, form, host, extra) => {
      const before = h.sandbox.upstreamCalls('comhub');
      const res = await submit({ ...form, values: { ...form.values, ...extra } }, host);
      expect(res.status).toBe(400);
      expect(h.sandbox.upstreamCalls('comhub')).toBe(before);
      expect(relayedTo(evil)).toEqual([]);
    },
  );

  it("of a service request is the chosen site's workshop e-mail and name, looked up by its id", async () => {
    const id = randomUUID();
    expect((await submit(FORMS.serviceBooking, 'no', id)).status).toBe(202);
    expect(received(id)!.values).toMatchObject({ siteEmail: MOTORCYCLE_WORKSHOP_EMAIL, siteName: 'Hedin MC Oslo' });
  });

  it("of a car contact is the selling site's e-mail, and for a sample car the chosen seller's", async () => {
    for (const car of [seCar(false), seCar(true)]) {
      const id = randomUUID();
      const site = data()
        .sites.get('se')!
        .find((s) => s.site_id === car.car_site_id)!;
      const values = {
        ...FORMS.contact.values,
        carId: car.car_id,
        ...(car.car_is_sample ? { carIsSample: true, seller: 1 } : {}),
      };
      expect((await submit({ ...FORMS.contact, values }, 'se', id)).status).toBe(202);
      expect(received(id)!.values).toMatchObject({
        carId: car.car_id,
        siteEmail: site.site_email,
        siteName: car.car_site_name,
        carIsSample: car.car_is_sample,
        ...(car.car_is_sample ? { sellerEmail: car.car_sellers[1]!.email } : {}),
      });
      if (!car.car_is_sample) expect(received(id)!.values).not.toHaveProperty('sellerEmail');
    }
  });
});
