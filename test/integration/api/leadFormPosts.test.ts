import { jest } from '@jest/globals';
import { randomInt, randomUUID } from 'node:crypto';
import { sv } from '../../../markets/translations/sv.js';
import { SELL_CAR_PATHS, SELL_CAR_SHORT_PATH } from '../../../sandbox/data/content/leadFormPages.js';
import { LEAD_FORM_POST_PATH } from '../../../contracts/leadFormPost.js';
import { sandboxDataset } from '../../../sandbox/data/dataset.js';
import { type MarketStack, startTestStack, withMarketAgents } from '../../support/testStack.js';
import { testRedisUrl } from '../../support/testRedis.js';

jest.setTimeout(60_000);

/**
 * Lead forms posted without scripts (issue 49 part 1): URL-encoded fields to the BFF, a 303 back to the page,
 * which shows the thank-you text or the form again with its errors and values. Against the sandbox's forms
 * hub and real Redis; the page cache on, as in production (a page with the answer must not be kept).
 */
let h: MarketStack;
beforeAll(async () => {
  h = withMarketAgents(
    await startTestStack({ bff: 'app', redis: testRedisUrl, env: { PAGE_CACHE: 'true', TRUST_PROXY: '1' } }),
  );
});
afterAll(() => h.stop());
afterEach(() => h.sandbox.ctx.faults.clear());

const ORIGIN = 'http://se.localhost';
const FORM_NAME = 'Hedin AutomotiveSellCarForm';
const TYPED = {
  regno: 'ABC123',
  milage: '12000',
  customerName: 'Per Postsson',
  customerPhone: '+46 70 123 45 67',
  customerEmail: 'per.post@example.se',
  option: 'tradeInCar',
  other: 'Servad varje år',
};
/** Each test a client address of its own: the lead limit counts per client. */
const clientAddress = () => `198.51.100.${randomInt(1, 255)}`;
const leadsOf = (name: string) => h.sandbox.ctx.stats.comhubForms.filter((form) => form.values.customerName === name);

function post(fields: Record<string, string>, options: { from?: string; headers?: Record<string, string> } = {}) {
  const req = h.se
    .post(LEAD_FORM_POST_PATH)
    .type('form')
    .set('X-Forwarded-For', options.from ?? clientAddress())
    .set({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', ...options.headers });
  return req.send(
    new URLSearchParams({
      formName: FORM_NAME,
      formSubmissionId: randomUUID(),
      returnTo: SELL_CAR_PATHS.se,
      anchor: 'sell-car-title',
      ...fields,
    }).toString(),
  );
}
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]!).join('; ');
/** The thank-you card and a field's error as the page shows them (the island's props hold every text too). */
const THANKS = `<p>${sv['sellCar.successText']}</p>`;
const shownError = (text: string) =>
  `class="form-field__error" id="[^"]+">${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`;
const pageAfter = (answer: { headers: Record<string, unknown> }, path = SELL_CAR_PATHS.se) =>
  h.se.get(path).set('Cookie', cookieOf(answer));

describe('a lead form posted without scripts', () => {
  it('is sent once to the hub as the JSON route sends it, and its page thanks the shopper once', async () => {
    const name = `Per ${randomUUID()}`;
    const answer = await post({ ...TYPED, customerName: name });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`${SELL_CAR_PATHS.se}#sell-car-title`);
    expect(cookieOf(answer)).toMatch(/^lead_form=[A-Za-z0-9_-]+$/);
    expect(leadsOf(name).map((form) => [form.formName, form.values])).toEqual([
      [FORM_NAME, { ...TYPED, customerName: name, milage: 12000 }],
    ]);
    const page = await pageAfter(answer);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain(THANKS);
    // Shown once: the cookie is taken away, and the same token again brings the form, not the thanks.
    expect(String(page.headers['set-cookie'])).toMatch(/lead_form=;/);
    const again = await pageAfter(answer);
    expect(again.text).not.toContain(THANKS);
    expect(again.text).toContain('method="post"');
  });

  it('sent twice with its id (a double tap, a resent post) makes one lead, and both answers thank', async () => {
    const name = `Per ${randomUUID()}`;
    const fields = { ...TYPED, customerName: name, formSubmissionId: randomUUID() };
    const from = clientAddress();
    const [first, second] = await Promise.all([post(fields, { from }), post(fields, { from })]);
    const third = await post(fields, { from });
    expect(leadsOf(name)).toHaveLength(1);
    for (const answer of [first, second, third]) {
      expect(answer.status).toBe(303);
      await expect(pageAfter(answer).then((page) => page.text)).resolves.toContain(THANKS);
    }
  });

  it('two shoppers posting one cached copy of the form (one id) make two leads', async () => {
    const formSubmissionId = randomUUID();
    const names = [`Per ${randomUUID()}`, `Kim ${randomUUID()}`];
    for (const name of names) await post({ ...TYPED, customerName: name, formSubmissionId });
    const ids = names.map((name) => leadsOf(name).map((form) => form.formSubmissionId));
    expect(ids.map((one) => one.length)).toEqual([1, 1]);
    expect(ids[0]![0]).not.toBe(ids[1]![0]);
  });

  it('comes back with each field’s error in the market’s words and every value kept, nothing sent', async () => {
    const before = h.sandbox.ctx.stats.comhubForms.length;
    const answer = await post({ regno: 'ABC123', milage: '', customerName: '', customerEmail: 'per@', other: 'Hej' });
    expect(answer.status).toBe(303);
    const page = (await pageAfter(answer)).text;
    expect(h.sandbox.ctx.stats.comhubForms.length).toBe(before);
    for (const key of [
      'leadForm.mileageError',
      'leadForm.nameError',
      'leadForm.emailError',
      'sellCar.optionError',
    ] as const)
      expect(page).toMatch(new RegExp(shownError(sv[key])));
    expect(page).not.toMatch(new RegExp(shownError(sv['leadForm.regnoError'])));
    expect(page).toContain('role="alert">Fyll i eller rätta: Miltal (mil), Namn, Telefon, E-post, Vad vill du göra?<');
    expect(page).toMatch(/name="regno"[^>]*value="ABC123"|value="ABC123"[^>]*name="regno"/);
    expect(page).toMatch(/value="per@"/);
    expect(page).toContain('>Hej</textarea>');
    expect(page).not.toContain(THANKS);
  });

  it('keeps the ticked choice and the short form’s values on the trade-in page', async () => {
    const answer = await post({
      formName: 'Hedin AutomotiveSellCarShortForm',
      returnTo: SELL_CAR_SHORT_PATH,
      customerName: 'Kim',
      option: 'sellCar',
    });
    const page = (await pageAfter(answer, SELL_CAR_SHORT_PATH)).text;
    expect(page).toMatch(/value="sellCar"[^>]*checked|checked[^>]*value="sellCar"/);
    expect(page).toMatch(/value="Kim"/);
    expect(page).toMatch(new RegExp(shownError(sv['leadForm.phoneError'])));
  });

  it('a hub that fails: the form again with the failure text and the values, and a later post is sent', async () => {
    const name = `Per ${randomUUID()}`;
    const fields = { ...TYPED, customerName: name, formSubmissionId: randomUUID() };
    h.sandbox.ctx.faults.set('comhub', { status: 503 });
    const failed = await post(fields);
    const page = (await pageAfter(failed)).text;
    expect(page).toContain(`role="alert">${sv['error.sellCarFormError']}<`);
    expect(page).toContain(`value="${name}"`);
    h.sandbox.ctx.faults.clear();
    await post(fields);
    expect(leadsOf(name)).toHaveLength(1);
  });

  it('refuses a post from another site (Origin, or Sec-Fetch-Site) and sends nothing', async () => {
    const name = `Per ${randomUUID()}`;
    const evil = await post({ ...TYPED, customerName: name }, { headers: { Origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    const unnamed = await post(
      { ...TYPED, customerName: name },
      { headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' } },
    );
    expect(unnamed.status).toBe(403);
    expect(leadsOf(name)).toEqual([]);
    expect(evil.headers['set-cookie']).toBeUndefined();
  });

  it('counts against the client’s lead limit: past it, the form comes back with the limit’s text', async () => {
    const from = clientAddress();
    const limit = h.bff.config.rateLimits.windows.leadsPerClient.points;
    for (let i = 0; i < limit; i++) await post({ ...TYPED, customerName: `Per ${randomUUID()}` }, { from });
    const name = `Per ${randomUUID()}`;
    const refused = await post({ ...TYPED, customerName: name }, { from });
    const page = (await pageAfter(refused)).text;
    expect(page).toContain(`role="alert">${sv['limit.tooMany']}<`);
    expect(page).toContain(`value="${name}"`);
    expect(leadsOf(name)).toEqual([]);
  });

  it('puts no typed value in an address or a log line', async () => {
    const name = `Hemlig ${randomUUID()}`;
    const answer = await post({ ...TYPED, customerName: name, customerEmail: 'hemlig@example.se' });
    await post({ customerName: name, customerEmail: 'hemlig@' });
    h.sandbox.ctx.faults.set('comhub', { status: 503 });
    await post({ ...TYPED, customerName: name, formSubmissionId: randomUUID() });
    expect(String(answer.headers.location)).not.toMatch(/Hemlig|hemlig|ABC123/);
    await h.bff.log.find((line) => JSON.stringify(line).includes('lead form post not sent'));
    expect(h.bff.log.lines.filter((line) => /Hemlig|hemlig|ABC123/.test(JSON.stringify(line)))).toEqual([]);
  });

  it('from the car page: sent about that car to its selling site, ticks as flags; the thanks on the car page', async () => {
    const car = sandboxDataset(h.sandbox.ctx.seed, h.sandbox.ctx.now())
      .cars.get('se')!
      .find((one) => !one.car_is_sample)!;
    const path = `/kop-bil/${car.car_id}/${car.slug}`;
    const email = `kim.${randomUUID()}@example.se`;
    const answer = await post({
      formName: 'CarDetailContactForm',
      returnTo: path,
      anchor: 'car-contact',
      carId: car.car_id,
      siteName: 'Anything',
      name: 'Kim',
      phone: '0701234567',
      email,
      message: '',
      testDrive: 'on',
    });
    expect(answer.headers.location).toBe(`${path}#car-contact`);
    const [lead] = h.sandbox.ctx.stats.comhubForms.filter((form) => form.values.email === email);
    expect(lead!.values).toMatchObject({
      name: 'Kim',
      quote: false,
      testDrive: true,
      carId: car.car_id,
      carIsSample: false,
      siteName: car.car_site_name,
    });
    expect(lead!.values).not.toHaveProperty('message');
    expect(String(lead!.values.siteEmail)).toContain('@');
    const page = (await pageAfter(answer, path)).text;
    expect(page).toContain(`role="status" tabindex="-1">${sv['carDetail.contactSuccess']}<`);
  });

  it('the tire hotel’s search posted before its script: the number kept for the page, nothing in the address', async () => {
    const page = '/service-och-verkstad/dack/dackhotell';
    const keep = (headers: Record<string, string> = {}) =>
      h.se
        .post('/forms/keep')
        .type('form')
        .set({ Origin: ORIGIN, 'X-Forwarded-For': clientAddress(), ...headers })
        .send(
          new URLSearchParams({
            formName: 'TireHotelSearch',
            returnTo: page,
            anchor: 'th',
            regNo: 'ABC123',
          }).toString(),
        );
    const answer = await keep();
    expect([answer.status, answer.headers.location]).toEqual([303, `${page}#th`]);
    const shown = (await pageAfter(answer, page)).text;
    expect(shown).toMatch(/name="regNo"[^>]*value="ABC123"|value="ABC123"[^>]*name="regNo"/);
    expect((await keep({ Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('a sell-car page opening with its form has one h1, the form’s heading (issue 49 part 5)', async () => {
    for (const path of [SELL_CAR_PATHS.se, SELL_CAR_SHORT_PATH]) {
      const page = (await h.se.get(path)).text;
      expect(page.match(/<h1[ >]/g)).toHaveLength(1);
      expect(page).not.toMatch(/<h1 class="visually-hidden"/);
    }
  });
});
