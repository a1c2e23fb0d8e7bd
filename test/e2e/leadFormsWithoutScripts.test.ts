import type { Page, Request } from 'playwright-core';
import { request } from 'undici';
import { SELL_CAR_PATHS } from '../../sandbox/data/content/leadFormPages.js';
import { sv } from '../../markets/translations/sv.js';
import { nb } from '../../markets/translations/nb.js';
import { startBrowserSession } from '../support/browserSession.js';
import { field, fillSellCar } from '../support/leadFormFields.js';

/**
 * Lead forms before and without scripts (issue 49 part 1): the form posts to the BFF and the page comes back
 * with the thank-you card, or with the errors and every value; one lead however often the post is sent, and
 * nothing typed in any address. With scripts, the island sends the same form, and only it.
 */
const session = startBrowserSession();

const TIRE_HOTEL_PAGE = '/service-och-verkstad/dack/dackhotell';
const SELL_CAR_TEXTS = {
  regno: 'Registreringsnummer',
  mileage: 'Miltal (mil)',
  name: 'Namn',
  phone: 'Telefon',
  email: 'E-post',
  sell: 'Sälja bilen',
};
/** What the shopper types: none of it may appear in an address the browser asked for. */
const TYPED = ['ABC123', 'Testsson', 'per@example.se', '123 45 67', '12000'];

async function open(path: string, formSelector: string, javaScriptEnabled: boolean, host = 'se.localhost') {
  // Its own context: each test starts without cookies.
  const context = await session.browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (req) => requests.push(req));
  await page.goto(session.url(host, path));
  const form = page.locator(formSelector);
  return { page, form, requests, close: () => context.close() };
}
const openSellCar = (javaScriptEnabled: boolean) => open(SELL_CAR_PATHS.se, 'form.sell-car-form', javaScriptEnabled);

/** A Swedish car that is not a new-car sample (its lead goes to the selling site), at its canonical address. */
async function carPath(): Promise<string> {
  const answer = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      index: 'cars-se',
      limit: 1,
      fields: ['car_id', 'slug'],
      filters: [{ field: 'car_is_sample', values: [false] }],
    }),
  });
  const [car] = ((await answer.json()) as { content: { car_id: string; slug: string }[] }).content;
  return `/kop-bil/${car!.car_id}/${car!.slug}`;
}
const openCarContact = async (javaScriptEnabled: boolean) => ({
  ...(await open(await carPath(), 'form.car-contact', javaScriptEnabled)),
  path: await carPath(),
});
const CONTACT_THANKS = sv['carDetail.contactSuccess'];
const leadsByEmail = (email: string) =>
  session.sandbox.ctx.stats.comhubForms.filter((form) => form.values.email === email);
/** Every address the browser asked for or showed, decoded: where a typed value must never be. */
const addresses = (page: Page, requests: Request[]) =>
  [page.url(), ...requests.map((req) => req.url())].map((url) => decodeURIComponent(url.replace(/\+/g, ' ')));
/** The same post again, byte for byte, from outside the browser (Node cannot resolve *.localhost: the Host header names it). */
async function sendAgain(post: Request): Promise<number> {
  const url = new URL(post.url());
  const answer = await request(`http://127.0.0.1:${url.port}${url.pathname}`, {
    method: 'POST',
    headers: { ...(await post.allHeaders()), host: url.host },
    body: post.postDataBuffer() ?? '',
  });
  await answer.body.dump();
  return answer.statusCode;
}
const leadsNamed = (name: string) =>
  session.sandbox.ctx.stats.comhubForms.filter((form) => form.values.customerName === name);

describe('the sell-car form without scripts', () => {
  it('sends one lead, also when the post is sent twice, and the page thanks the shopper', async () => {
    const { page, form, requests, close } = await openSellCar(false);
    await fillSellCar(form, SELL_CAR_TEXTS);
    const name = `Per Testsson ${Date.now().toString(36)}`;
    await field(form, 'Namn').fill(name);
    // The post sent twice at once as the browser made it (a double tap, a resend after a lost answer).
    const resent: Promise<number>[] = [];
    await page.route('**/forms/lead', async (route) => {
      resent.push(sendAgain(route.request()));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Skicka' }).click();
    await page.getByText(sv['sellCar.successText']).waitFor();
    expect(new URL(page.url()).pathname).toBe(SELL_CAR_PATHS.se);
    await expect(Promise.all(resent)).resolves.toEqual([303]);
    expect(leadsNamed(name).map((lead) => lead.values)).toEqual([
      {
        regno: 'ABC123',
        milage: 12000,
        customerName: name,
        customerPhone: '+46 70 123 45 67',
        customerEmail: 'per@example.se',
        option: 'sellCar',
      },
    ]);
    for (const address of addresses(page, requests)) for (const typed of TYPED) expect(address).not.toContain(typed);
    // A reload shows the form again: the answer was for one showing.
    await page.reload();
    await expect(form.getByRole('button', { name: 'Skicka' }).isVisible()).resolves.toBe(true);
    await close();
  });

  it('an empty or wrong submit comes back naming what to fill in, with every value kept, nothing sent', async () => {
    const { page, form, requests, close } = await openSellCar(false);
    const sent = session.sandbox.ctx.stats.comhubForms.length;
    await field(form, 'Registreringsnummer').fill('ABC123');
    await field(form, 'E-post').fill('per@example');
    await field(form, 'Meddelande').fill('Servad varje år');
    await form.getByRole('button', { name: 'Skicka' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(
      `${sv['leadForm.checkFailed'].replace('{fields}', 'Miltal (mil), Namn, Telefon, E-post, Vad vill du göra?')}`,
    );
    await expect(field(form, 'Registreringsnummer').inputValue()).resolves.toBe('ABC123');
    await expect(field(form, 'E-post').inputValue()).resolves.toBe('per@example');
    await expect(field(form, 'E-post').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(field(form, 'Meddelande').inputValue()).resolves.toBe('Servad varje år');
    await expect(form.getByText(sv['leadForm.nameError']).isVisible()).resolves.toBe(true);
    expect(session.sandbox.ctx.stats.comhubForms.length).toBe(sent);
    for (const address of addresses(page, requests)) expect(address).not.toMatch(/ABC123|per@example|Servad/);
    await close();
  });
});

describe('the sell-car form with scripts', () => {
  it('is sent by the island through the JSON route, one lead, and never posted by the browser', async () => {
    const { page, form, requests, close } = await openSellCar(true);
    await page.locator('[data-island="sellCar"][data-hydrated="true"]').waitFor();
    await fillSellCar(form, SELL_CAR_TEXTS);
    const name = `Per Testsson ${Date.now().toString(36)}`;
    await field(form, 'Namn').fill(name);
    await form.getByRole('button', { name: 'Skicka' }).click();
    await page.getByRole('status').getByText(sv['sellCar.successText']).waitFor();
    expect(leadsNamed(name)).toHaveLength(1);
    const posts = requests.filter((req) => req.method() === 'POST').map((req) => new URL(req.url()).pathname);
    expect(posts.filter((path) => path.includes('forms'))).toEqual(['/api/forms/comhub']);
    await close();
  });
});

describe('the car page’s contact form without scripts', () => {
  it('sends one lead about the car, also when the post is sent twice, and thanks the shopper on the car page', async () => {
    const { page, form, requests, close, path } = await openCarContact(false);
    const email = `kim.${Date.now().toString(36)}@example.se`;
    await form.getByLabel('Namn').fill('Kim Testsson');
    await form.getByLabel('Telefon').fill('+46 70 123 45 67');
    await form.getByLabel('E-post').fill(email);
    await form.getByLabel('Meddelande (valfritt)').fill('Finns den kvar?');
    await form.getByLabel('Jag vill provköra bilen').check();
    const resent: Promise<number>[] = [];
    await page.route('**/forms/lead', async (route) => {
      resent.push(sendAgain(route.request()));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Skicka' }).click();
    await page.getByText(CONTACT_THANKS).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(Promise.all(resent)).resolves.toEqual([303]);
    const leads = leadsByEmail(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.formName).toBe('CarDetailContactForm');
    expect(leads[0]!.values).toMatchObject({
      name: 'Kim Testsson',
      phone: '+46 70 123 45 67',
      message: 'Finns den kvar?',
      quote: false,
      testDrive: true,
      carId: path.split('/')[2],
      carIsSample: false,
    });
    expect(String(leads[0]!.values.siteEmail)).toContain('@');
    for (const address of addresses(page, requests))
      for (const typed of ['Testsson', 'kim.', '123 45 67', 'Finns den']) expect(address).not.toContain(typed);
    await close();
  });

  it('a wrong submit comes back with each field’s error and every value kept, nothing sent', async () => {
    const { page, form, requests, close } = await openCarContact(false);
    const sent = session.sandbox.ctx.stats.comhubForms.length;
    await form.getByLabel('Telefon').fill('12');
    await form.getByLabel('E-post').fill('kim@example');
    await form.getByLabel('Meddelande (valfritt)').fill('Finns den kvar?');
    await form.getByLabel('Jag vill ha en offert').check();
    await form.getByRole('button', { name: 'Skicka' }).click();
    await form.getByText(sv['carDetail.contactNameError']).waitFor();
    await expect(form.getByText(sv['carDetail.contactPhoneError']).isVisible()).resolves.toBe(true);
    await expect(form.getByLabel('E-post').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(form.getByLabel('Telefon').inputValue()).resolves.toBe('12');
    await expect(form.getByLabel('E-post').inputValue()).resolves.toBe('kim@example');
    await expect(form.getByLabel('Meddelande (valfritt)').inputValue()).resolves.toBe('Finns den kvar?');
    await expect(form.getByLabel('Jag vill ha en offert').isChecked()).resolves.toBe(true);
    expect(session.sandbox.ctx.stats.comhubForms.length).toBe(sent);
    for (const address of addresses(page, requests)) expect(address).not.toMatch(/kim@example|Finns den/);
    await close();
  });
});

describe('the car page’s contact form with scripts', () => {
  it('is sent by the island through the JSON route, one lead, and never posted by the browser', async () => {
    const { page, form, requests, close } = await openCarContact(true);
    await page.locator('[data-island="carContact"][data-hydrated="true"]').waitFor();
    const email = `kim.${Date.now().toString(36)}@example.se`;
    await form.getByLabel('Namn').fill('Kim Testsson');
    await form.getByLabel('Telefon').fill('+46 70 123 45 67');
    await form.getByLabel('E-post').fill(email);
    await form.getByRole('button', { name: 'Skicka' }).click();
    await page.getByRole('status').getByText(CONTACT_THANKS).waitFor();
    expect(leadsByEmail(email)).toHaveLength(1);
    const posts = requests.filter((req) => req.method() === 'POST').map((req) => new URL(req.url()).pathname);
    expect(posts.filter((path) => path.includes('forms'))).toEqual(['/api/forms/comhub']);
    await close();
  });
});

describe('the tire hotel’s search before its script', () => {
  it('keeps the typed registration number for the island, never in the address', async () => {
    const { page, requests, close } = await open(TIRE_HOTEL_PAGE, 'form.tirehotel__form', false);
    const block = page.locator('[data-island="tirehotel"]');
    await block.getByLabel('Registreringsnummer').fill('ABC123');
    await block.getByRole('button', { name: 'Fortsätt' }).click();
    await page.waitForURL((url) => url.hash !== '');
    expect(new URL(page.url()).pathname).toBe(TIRE_HOTEL_PAGE);
    await expect(block.getByLabel('Registreringsnummer').inputValue()).resolves.toBe('ABC123');
    for (const address of addresses(page, requests)) expect(address).not.toContain('ABC123');
    await close();
  });
});

describe('the Norwegian service request without scripts', () => {
  const BOOK_SERVICE = '/verksted/bestill-time';
  const MC_PAGE = '/verksted/mc-verksted';
  const openServiceRequest = (path: string) => open(path, 'form.service-request-form', false, 'no.localhost');
  /** A day a week ahead, as a Norwegian types it and as the hub gets it. */
  const nextWeek = () => {
    const day = new Date(Date.now() + 7 * 86_400_000);
    const iso = day.toISOString().slice(0, 10);
    return { typed: iso.split('-').reverse().join('.'), iso };
  };
  const leadsFrom = (email: string) =>
    session.sandbox.ctx.stats.comhubForms.filter((form) => form.values.customerEmail === email);

  it('sends one lead with the chosen services and the typed date, as the island would, and thanks the shopper', async () => {
    const { page, form, requests, close } = await openServiceRequest(BOOK_SERVICE);
    const dealer = field(form, 'Nærmeste forhandler');
    await dealer.selectOption({ index: 1 });
    const dealerName = (await dealer.locator('option:checked').textContent())!;
    await form.locator('summary', { hasText: nb['serviceRequest.servicesHint'] }).click();
    await field(form, 'Service').check();
    await field(form, 'Hjulskift').check();
    await field(form, 'Navn').fill('Ola Nordmann');
    await field(form, 'Telefon').fill('+47 912 34 567');
    const email = `ola.${Date.now().toString(36)}@example.no`;
    await field(form, 'E-post').fill(email);
    await field(form, 'Registreringsnummer').fill('EL12345');
    await field(form, 'Kilometerstand (km)').fill('45000');
    const day = nextWeek();
    await field(form, 'Ønsket dato').fill(day.typed);
    await form.getByLabel(/Jeg samtykker/).check();
    const resent: Promise<number>[] = [];
    await page.route('**/forms/lead', async (route) => {
      resent.push(sendAgain(route.request()));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send forespørsel' }).click();
    await page.getByText(nb['serviceRequest.successText']).waitFor();
    expect(new URL(page.url()).pathname).toBe(BOOK_SERVICE);
    await expect(Promise.all(resent)).resolves.toEqual([303]);
    const leads = leadsFrom(email);
    expect(leads.map((lead) => lead.formName)).toEqual(['ServiceBookingForm']);
    expect(leads[0]!.values).toMatchObject({
      siteName: dealerName,
      customerName: 'Ola Nordmann',
      regno: 'EL12345',
      milage: 45000,
      date: day.iso,
      services: ['Service', 'Hjulskift'],
      gdpr: true,
      newsletter: false,
      typeMC: false,
    });
    expect(String(leads[0]!.values.siteEmail)).toMatch(/^verksted\./);
    for (const address of addresses(page, requests))
      for (const typed of ['Nordmann', 'ola.', '912 34', 'EL12345', day.typed]) expect(address).not.toContain(typed);
    await close();
  });

  it('a wrong submit comes back with each field’s error and every value and tick kept, nothing sent', async () => {
    const { page, form, requests, close } = await openServiceRequest(BOOK_SERVICE);
    const sent = session.sandbox.ctx.stats.comhubForms.length;
    await form.locator('summary', { hasText: nb['serviceRequest.servicesHint'] }).click();
    await field(form, 'Bilskade').check();
    await field(form, 'Registreringsnummer').fill('EL12345');
    await field(form, 'Ønsket dato').fill('31.02.2031');
    await form.getByLabel(/nyhetsbrev/).check();
    await form.getByRole('button', { name: 'Send forespørsel' }).click();
    await form.getByText(nb['serviceRequest.dateError']).waitFor();
    for (const text of [nb['serviceRequest.dealerError'], nb['leadForm.nameError'], nb['serviceRequest.gdprError']])
      await expect(form.getByText(text).isVisible()).resolves.toBe(true);
    await expect(form.getByRole('alert').first().textContent()).resolves.toContain(
      nb['leadForm.checkFailed'].replace('{fields}', 'Nærmeste forhandler'),
    );
    await expect(field(form, 'Ønsket dato').inputValue()).resolves.toBe('31.02.2031');
    await expect(field(form, 'Registreringsnummer').inputValue()).resolves.toBe('EL12345');
    await expect(field(form, 'Bilskade').isChecked()).resolves.toBe(true);
    await expect(form.getByLabel(/nyhetsbrev/).isChecked()).resolves.toBe(true);
    expect(session.sandbox.ctx.stats.comhubForms.length).toBe(sent);
    for (const address of addresses(page, requests)) expect(address).not.toMatch(/EL12345|31\.02/);
    await close();
  });

  it("the 'mc' page sends its fixed motorcycle dealer and typeMC", async () => {
    const { page, form, close } = await openServiceRequest(MC_PAGE);
    await form.locator('summary', { hasText: nb['serviceRequest.servicesHint'] }).click();
    await field(form, 'Bestile deler').check();
    await field(form, 'Navn').fill('Kari');
    await field(form, 'Telefon').fill('91234567');
    const email = `kari.${Date.now().toString(36)}@example.no`;
    await field(form, 'E-post').fill(email);
    await field(form, 'Registreringsnummer').fill('MC1234');
    await field(form, 'Ønsket dato').fill(nextWeek().typed);
    await form.getByLabel(/Jeg samtykker/).check();
    await form.getByRole('button', { name: 'Send forespørsel' }).click();
    await page.getByText(nb['serviceRequest.successText']).waitFor();
    expect(leadsFrom(email).map((lead) => lead.values)).toMatchObject([
      { siteName: 'Hedin MC Oslo', services: ['Bestile deler'], typeMC: true, gdpr: true },
    ]);
    await close();
  });
});

describe('forms only an island can send, before it wakes (issue 49 part 2)', () => {
  /** The page with the island scripts matching `held` held back until `release` is called. */
  async function openHeld(host: string, path: string, held: string) {
    // Near Stockholm, for the booking wizard's 'Använd min plats'.
    const context = await session.browser.newContext({
      geolocation: { latitude: 59.33, longitude: 18.07 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (req) => requests.push(req));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(held, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(session.url(host, path), { waitUntil: 'commit' });
    return { page, requests, release, close: () => context.close() };
  }

  it.each([
    ['se.localhost', '/service-och-verkstad/boka-service'],
    ['se-used.localhost', '/service/boka-service'],
  ])(
    '%s: the booking wizard’s registration number typed and sent early goes nowhere, and the island keeps it',
    async (host, path) => {
      const { page, requests, release, close } = await openHeld(host, path, '**/assets/island-booking-*.js');
      const regNo = page.getByRole('textbox', { name: 'Registreringsnummer' });
      await regNo.fill('ABC123');
      await regNo.press('Enter');
      await expect(page.locator('[data-island="booking"][data-hydrated="true"]').count()).resolves.toBe(0);
      release();
      await page.locator('[data-island="booking"][data-hydrated="true"]').waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
      await expect(regNo.inputValue()).resolves.toBe('ABC123');
      expect(new URL(page.url()).search).toBe('');
      // Nothing asked for with it before the island (which then looks the car up as the spec's API has it).
      for (const address of addresses(page, requests)) expect(address).not.toContain('ABC123');
      // The island holds the number typed before it woke: with a place, it goes on with that car.
      await page.getByRole('button', { name: 'Använd min plats', exact: true }).click();
      await page.getByRole('combobox').and(page.locator(':not([value=""])')).waitFor();
      await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
      await page.getByRole('button', { name: /^1\. Registreringsnummer och plats, ABC123, / }).waitFor();
      await close();
    },
  );

  it('the tire hotel’s registration number typed before its script wakes stays, and the island can send it', async () => {
    const { page, release, close } = await openHeld('se.localhost', TIRE_HOTEL_PAGE, '**/assets/island-tirehotel-*.js');
    const block = page.locator('[data-island="tirehotel"]');
    await block.getByLabel('Registreringsnummer').fill('ABC123');
    release();
    await page.locator('[data-island="tirehotel"][data-hydrated="true"]').waitFor();
    await expect(block.getByLabel('Registreringsnummer').inputValue()).resolves.toBe('ABC123');
    await expect(block.getByRole('button', { name: 'Fortsätt' }).isEnabled()).resolves.toBe(true);
    await close();
  });

  it('the tire hotel’s search sent before its script comes back with the number, which the island then holds', async () => {
    const { page, requests, release, close } = await openHeld(
      'se.localhost',
      TIRE_HOTEL_PAGE,
      '**/assets/island-tirehotel-*.js',
    );
    const block = page.locator('[data-island="tirehotel"]');
    await block.getByLabel('Registreringsnummer').fill('ABC123');
    await block.getByRole('button', { name: 'Fortsätt' }).click();
    await page.waitForURL((url) => url.hash !== '');
    release();
    await page.locator('[data-island="tirehotel"][data-hydrated="true"]').waitFor();
    await expect(block.getByLabel('Registreringsnummer').inputValue()).resolves.toBe('ABC123');
    for (const address of addresses(page, requests)) expect(address).not.toContain('ABC123');
    await close();
  });
});
