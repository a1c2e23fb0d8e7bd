import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { en } from '../../markets/translations/en.js';
import { fi } from '../../markets/translations/fi.js';
import { sv } from '../../markets/translations/sv.js';
import { SELL_CAR_PATHS } from '../../sandbox/data/content/leadFormPages.js';
import { mechmateOperations } from '../../server/api/mechmateRoutes.js';
import { startBrowserSession } from '../support/browserSession.js';
import { field, fillSellCar, isFocused, type SellCarFieldTexts } from '../support/leadFormFields.js';

// The sandbox paces the workshop stream; a short pace keeps the booking quick.
process.env.SANDBOX_STREAM_INTERVAL_MS = '150';
/**
 * A household behind one address that meets a limit (issue 23): one lead, one booking and one
 * agreement look-up per client in 10 minutes, on a BFF of its own, so its counts start at 0. Every
 * browser context here is that one client (127.0.0.1).
 */
const session = startBrowserSession({
  RATE_LIMIT_LEADS_PER_CLIENT: '1/600',
  RATE_LIMIT_BOOKINGS_PER_CLIENT: '1/600',
  RATE_LIMIT_LOOKUPS_PER_CLIENT: '1/600',
});

interface SellCarTexts extends SellCarFieldTexts {
  message: string;
  submit: string;
}
const SWEDISH: SellCarTexts = {
  regno: 'Registreringsnummer',
  mileage: 'Miltal (mil)',
  name: 'Namn',
  phone: 'Telefon',
  email: 'E-post',
  sell: 'Sälja bilen',
  message: 'Meddelande',
  submit: 'Skicka',
};
const FINNISH_SITE_IN_SWEDISH: SellCarTexts = { ...SWEDISH, mileage: 'Mätarställning (km)' };
const FINNISH: SellCarTexts = {
  regno: 'Rekisterinumero',
  mileage: 'Ajomäärä (km)',
  name: 'Nimi',
  phone: 'Puhelin',
  email: 'Sähköposti',
  sell: 'Myydä auton',
  message: 'Viesti',
  submit: 'Lähetä',
};

/** A page in a context of its own (no cookies or storage), with the posts it makes to `api`. */
async function open(
  host: string,
  path: string,
  api: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; posts: string[] }> {
  const page = await (await session.browser.newContext(options)).newPage();
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(api)) posts.push(req.postData() ?? '');
  });
  expect((await page.goto(session.url(host, path)))?.status()).toBe(200);
  return { page, posts };
}

/**
 * Spends the client's one lead (or booking) from the page, as another tab of the household would: the
 * window is then full whatever ran before. Any answer but a 400 counted it (a valid request is counted
 * before the work; the sandbox's example booking time may be taken, 409).
 */
async function spend(page: Page, url: string, body: unknown) {
  const status = await page.evaluate(
    async ([u, b]) =>
      (
        await fetch(u as string, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(b),
        })
      ).status,
    [url, body],
  );
  expect(status).not.toBe(400);
}
/** A valid short sell-car lead of the site named `siteName`. */
const aLead = (siteName: string) => ({
  formName: `${siteName}SellCarShortForm`,
  formSubmissionId: `flood-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
  values: { customerName: 'Per', customerPhone: '+46701234567', customerEmail: 'per@example.se', option: 'sellCar' },
});

/** The shared fill, and a message that must survive the refusal too. */
async function fillSellCarWithMessage(form: Locator, texts: SellCarTexts) {
  await fillSellCar(form, texts);
  await field(form, texts.message).fill('Servad varje år');
}

async function expectValuesKept(form: Locator, texts: SellCarTexts) {
  await expect(field(form, texts.regno).inputValue()).resolves.toBe('ABC123');
  await expect(field(form, texts.mileage).inputValue()).resolves.toBe('12000');
  await expect(field(form, texts.name).inputValue()).resolves.toBe('Per Testsson');
  await expect(field(form, texts.email).inputValue()).resolves.toBe('per@example.se');
  await expect(field(form, texts.message).inputValue()).resolves.toBe('Servad varje år');
  await expect(field(form, texts.sell).isChecked()).resolves.toBe(true);
}

describe('a household that meets the lead limit', () => {
  it('se sell-car: the second lead from one address shows the Swedish limit text, not “try again”; tried once a click, every value kept', async () => {
    const first = await open('se.localhost', SELL_CAR_PATHS.se, '/api/forms/comhub');
    const firstForm = first.page.locator('[data-island="sellCar"][data-hydrated="true"]');
    await fillSellCarWithMessage(firstForm, SWEDISH);
    await firstForm.getByRole('button', { name: 'Skicka' }).click();
    await firstForm.locator('.lead-form__success-card [role="status"]').waitFor();
    await first.page.context().close();

    const { page, posts } = await open('se.localhost', SELL_CAR_PATHS.se, '/api/forms/comhub');
    const form = page.locator('[data-island="sellCar"][data-hydrated="true"]');
    await fillSellCarWithMessage(form, SWEDISH);
    await form.getByRole('button', { name: 'Skicka' }).click();
    const alert = form.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe(sv['limit.tooMany']);
    expect(sv['limit.tooMany']).not.toBe('Något gick fel, försök igen.');
    await expect(isFocused(alert)).resolves.toBe(true);
    expect(posts).toHaveLength(1);
    await expectValuesKept(form, SWEDISH);
    // Asking again at once is refused again, with the same words: one post, no retries.
    await form.getByRole('button', { name: 'Skicka' }).click();
    await expect(form.getByRole('alert').textContent()).resolves.toBe(sv['limit.tooMany']);
    expect(posts).toHaveLength(2);
    await page.context().close();
  });

  it.each([
    [
      'fi.localhost/sv (the Finnish site in Swedish)',
      `/sv${SELL_CAR_PATHS.fi}`,
      FINNISH_SITE_IN_SWEDISH,
      sv['limit.tooMany'],
    ],
    ['fi.localhost (Finnish)', SELL_CAR_PATHS.fi, FINNISH, fi['limit.tooMany']],
  ])('%s: the limit text is in the page’s language', async (_name, path, texts, limitText) => {
    const { page } = await open('fi.localhost', path, '/api/forms/comhub');
    await spend(page, '/api/forms/comhub', aLead('Hedin Automotive Suomi'));
    const form = page.locator('[data-island="sellCar"][data-hydrated="true"]');
    await fillSellCarWithMessage(form, texts);
    await form.getByRole('button', { name: texts.submit }).click();
    await expect(form.getByRole('alert').textContent()).resolves.toBe(limitText);
    await expectValuesKept(form, texts);
    await page.context().close();
  });

  it('uk car contact: the English limit text in the form’s alert, the values kept', async () => {
    const search = await fetch(`${session.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        index: 'cars-uk',
        limit: 1,
        fields: ['car_id', 'slug'],
        filters: [{ field: 'car_is_sample', values: [false] }],
      }),
    });
    const car = ((await search.json()) as { content: { car_id: string; slug: string }[] }).content[0]!;
    const { page } = await open('uk.localhost', `/buy-car/car/${car.car_id}/${car.slug}`, '/api/forms/comhub');
    await spend(page, '/api/forms/comhub', aLead('Hedin Automotive UK'));
    const form = page.locator('[data-island="carContact"][data-hydrated="true"]');
    await form.getByLabel('Name').fill('Kim Testsson');
    await form.getByLabel('Phone').fill('+44 20 7946 0000');
    await form.getByLabel('Email').fill('kim@example.co.uk');
    await form.getByLabel('Message (optional)').fill('Is it still available?');
    await form.getByRole('button', { name: 'Send' }).click();
    const alert = form.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe(en['limit.tooMany']);
    await expect(isFocused(alert)).resolves.toBe(true);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Kim Testsson');
    await expect(form.getByLabel('Message (optional)').inputValue()).resolves.toBe('Is it still available?');
    await page.context().close();
  });
});

describe('a household that meets the booking limit', () => {
  it('service booking: “Boka” shows the Swedish limit text instead of the general booking error, the contact details kept', async () => {
    const { page } = await open('se.localhost', '/service-och-verkstad/boka-service', '/api/mechmate/book', {
      viewport: { width: 1280, height: 900 },
      geolocation: { latitude: 59.33, longitude: 18.07 },
      permissions: ['geolocation'],
    });
    await page.locator('[data-island="booking"][data-hydrated="true"]').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
    await spend(page, '/api/mechmate/book', mechmateOperations.book.example!().body);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    await page.getByRole('textbox', { name: 'Registreringsnummer', exact: true }).fill('ABC123');
    await button('Använd min plats').click();
    await page.waitForFunction(
      () => (document.querySelector('[role="combobox"]') as HTMLInputElement | null)?.value !== '',
    );
    await button('Fortsätt').click();
    await page.getByRole('heading', { level: 2, name: /Välj tjänster/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Oljeservice', exact: true }).check();
    await button('Fortsätt').click();
    await page.getByRole('heading', { level: 2, name: /Välj tillval/ }).waitFor();
    await button('Fortsätt utan tillval').click();
    await page.getByRole('heading', { level: 2, name: /Verkstad, tid/ }).waitFor();
    await page.locator('.workshop-card input[type="radio"]').first().check();
    await page.locator('.slot:not(.slot--full-day) input[type="radio"]').first().check();
    await page.getByRole('textbox', { name: 'Förnamn' }).fill('Anna');
    await page.getByRole('textbox', { name: 'Efternamn' }).fill('Andersson');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('+46 70 123 45 67');
    await page.getByRole('textbox', { name: 'E-post' }).fill('anna@example.se');
    await button('Boka').click();
    const alert = page.locator('.booking-contact').getByRole('alert');
    await expect(alert.textContent()).resolves.toBe(sv['limit.tooMany']);
    await expect(page.getByRole('textbox', { name: 'Förnamn' }).inputValue()).resolves.toBe('Anna');
    await expect(page.getByRole('textbox', { name: 'E-post' }).inputValue()).resolves.toBe('anna@example.se');
    await page.context().close();
  });
});

describe('a household that meets the look-up limit', () => {
  it('tire hotel search: the Swedish look-up limit text and when to try again, not the generic error', async () => {
    const { page } = await open('se.localhost', '/service-och-verkstad/dack/dackhotell', '/api/tirehotel');
    const block = page.locator('[data-island="tirehotel"][data-hydrated="true"]');
    await block.waitFor();
    // The address's one look-up, from another tab.
    await page.evaluate(() => fetch('/api/tirehotel/authorization/search?regNo=ZZ999'));
    await block.getByLabel('Registreringsnummer').fill('ABC123');
    await block.getByRole('button', { name: 'Fortsätt' }).click();
    const alert = block.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe(`${sv['limit.lookups']} Försök igen om 10 min.`);
    await expect(block.getByLabel('Registreringsnummer').inputValue()).resolves.toBe('ABC123');
    await page.context().close();
  });
});
