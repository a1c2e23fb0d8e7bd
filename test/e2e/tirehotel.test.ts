import type { Locator, Page } from 'playwright-core';
import { startBrowserSession } from '../support/browserSession.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';

/**
 * The tire hotel in Chromium against the sandbox over HTTP (part 2 §2.5, §4.3, §5.3, §8). The code
 * sends limit (3 per agreement per 15 minutes) is tested in tirehotelCodeLimit.test.ts, against a
 * BFF of its own, so the agreements used here keep their sends.
 */
const session = startBrowserSession();

const PAGE = '/service-och-verkstad/dack/dackhotell';
const CODES: Record<string, string> = {
  ABC123: '1234',
  DEF456: '4567',
  GHI789: '7890',
  JKL012: '0123',
  MNO345: '3456',
};

async function openTireHotel(path = PAGE): Promise<{ page: Page; block: Locator }> {
  // A context of its own: its own cookies and sessionStorage.
  const page = await (await session.browser.newContext()).newPage();
  await page.goto(session.url('se.localhost', path));
  const block = page.locator('[data-island="tirehotel"][data-hydrated="true"]');
  await block.waitFor();
  return { page, block };
}

async function searchAndSendCode(block: Locator, regNo: string): Promise<void> {
  await block.getByLabel('Registreringsnummer').fill(regNo);
  await block.getByRole('button', { name: 'Fortsätt' }).click();
  await block.getByRole('button', { name: 'Skicka kod' }).click();
  await block.getByLabel('Siffra 1 av 4').waitFor();
}

async function logIn(block: Locator, regNo: string): Promise<void> {
  await searchAndSendCode(block, regNo);
  await block.getByLabel('Siffra 1 av 4').pressSequentially(CODES[regNo]!);
  await block.getByRole('button', { name: 'Verifiera kod' }).click();
  await block.getByRole('heading', { name: 'Ditt fordon' }).waitFor();
}

const freeDays = (block: Locator) => block.locator('.rdp-day:not(.rdp-disabled):not(.rdp-outside) button');

async function fillContact(block: Locator): Promise<void> {
  await block.getByLabel('Förnamn').fill('Kim');
  await block.getByLabel('Efternamn').fill('Testsson');
  await block.getByLabel('Mobilnummer').fill('070-123 45 67');
  await block.getByLabel('E-post').fill('kim@example.se');
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await expect(severeAxeFindings(page, { include: '.tirehotel-block' })).resolves.toEqual([]);
}

const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);

describe('tire hotel in a browser', () => {
  it('reaches the Däckhotell page from /dackhotell with the Search page rendered by the server', async () => {
    const page = await session.browser.newPage();
    await page.route('**/assets/island-tirehotel*', (route) => route.abort()); // no script: the server's HTML alone
    const response = await page.goto(session.url('se.localhost', '/dackhotell?regNo=abc123'));
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect((await response!.request().redirectedFrom()!.response())!.status()).toBe(301);
    const block = page.locator('[data-island="tirehotel"]');
    await expect(block.getByRole('heading', { name: 'Hitta ditt däckhotellsavtal' }).isVisible()).resolves.toBe(true);
    await expect(block.getByLabel('Registreringsnummer').inputValue()).resolves.toBe('ABC123');
    await expect(block.getByLabel('Registreringsnummer').getAttribute('placeholder')).resolves.toBe('ABC123');
    await page.context().close();
  });

  it('takes ABC123 from Search to Confirmation and a 5-star rating; the sandbox holds the booking and the review', async () => {
    const { page, block } = await openTireHotel();
    await expectNoSeriousViolations(page);
    await expect(block.getByRole('button', { name: 'Fortsätt' }).isDisabled()).resolves.toBe(true);
    await block.getByLabel('Registreringsnummer').fill('a');
    await expect(block.getByRole('button', { name: 'Fortsätt' }).isDisabled()).resolves.toBe(true);
    await block.getByLabel('Registreringsnummer').fill('abc 123');
    await expect(block.getByLabel('Registreringsnummer').inputValue()).resolves.toBe('ABC123');
    await block.getByRole('button', { name: 'Fortsätt' }).click();

    await block.getByText('En kod kommer skickas till 070-*** ** 67').waitFor();
    await expect(block.getByRole('link', { name: 'Kontakta oss' }).getAttribute('href')).resolves.toMatch(/\/kontakt$/);
    await expectNoSeriousViolations(page);
    await block.getByRole('button', { name: 'Skicka kod' }).click();

    await block.getByLabel('Siffra 1 av 4').waitFor();
    await expect(block.getByRole('button', { name: 'Verifiera kod' }).isDisabled()).resolves.toBe(true);
    await expectNoSeriousViolations(page);
    await block.getByLabel('Siffra 1 av 4').pressSequentially('1234');
    await block.getByRole('button', { name: 'Verifiera kod' }).click();

    await block.getByRole('heading', { name: 'Ditt fordon' }).waitFor();
    await expect(block.getByText('Volvo XC60').isVisible()).resolves.toBe(true);
    await expect(block.getByText('Dags att byta däck').isVisible()).resolves.toBe(true); // rear tires at threadStatusId 1
    await expect(block.locator('.tirehotel__tire-status--warn .tirehotel__warning-icon').count()).resolves.toBe(2);
    await expect(block.getByRole('button', { name: 'Logga ut' }).isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page);
    await block.getByRole('button', { name: 'Boka hjulskifte' }).click();

    await block.getByRole('heading', { name: 'När vill du lämna in bilen?' }).waitFor();
    await freeDays(block).first().waitFor();
    await expect(block.locator('.rdp-day').count()).resolves.toBe(42);
    await expect(block.locator('.rdp-weekday').first().textContent()).resolves.toBe('må');
    await expectNoSeriousViolations(page);
    await freeDays(block).first().click();
    const slots = block.getByRole('radio');
    await slots.first().waitFor();
    const times = await block.locator('.tirehotel__slot span').allTextContents();
    expect(times.every((time) => /^\d\d:\d\d$/.test(time))).toBe(true);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    await expect(block.getByRole('button', { name: 'Genomför bokning' }).isDisabled()).resolves.toBe(true);
    await slots.first().check();
    await fillContact(block);
    await block.getByLabel('Meddelande till verkstaden (valfritt)').fill('Vinterhjulen, tack.');
    await expectNoSeriousViolations(page);
    await block.getByRole('button', { name: 'Genomför bokning' }).click();

    await block.getByRole('heading', { name: 'Tack för din bokningsförfrågan' }).waitFor();
    const booking = session.sandbox.ctx.stats.tirehotelBookings.at(-1)!;
    expect(booking).toMatchObject({
      regNo: 'ABC123',
      bookingStart: expect.stringMatching(new RegExp(`T${times[0]}:00$`)),
    });
    await expect(block.getByText(booking.bookingConfirmationId).isVisible()).resolves.toBe(true);
    await expect(block.getByRole('link', { name: 'Gå till startsidan' }).getAttribute('href')).resolves.toBe('/');
    await expectNoSeriousViolations(page);
    const send = block.getByRole('button', { name: 'Skicka betyg' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await block.getByRole('radio', { name: '5 av 5 stjärnor' }).check({ force: true });
    await send.click();
    await block.getByText('Tack för din betygsättning').waitFor();
    expect(session.sandbox.ctx.stats.tirehotelReviews.at(-1)).toEqual({ rating: 5, comment: null });

    const events = await dataLayer(page);
    expect(
      events.filter((e) => e.event === 'form_interaction').map((e) => `${String(e.step_name)}:${String(e.action)}`),
    ).toEqual(
      expect.arrayContaining([
        'search:start',
        'search:submit',
        'login:success',
        'validate:success',
        'booking:submit',
        'booking:success',
      ]),
    );
    expect(events.filter((e) => e.event === 'purchase')).toEqual([
      {
        event: 'purchase',
        ecommerce: expect.objectContaining({
          transaction_id: booking.bookingConfirmationId,
          currency: 'SEK',
          value: 0,
        }),
      },
    ]);
    await page.context().close();
  });

  it('books MNO345 without a time: its workshop has days but no times', async () => {
    const { page, block } = await openTireHotel();
    await logIn(block, 'MNO345');
    await block.getByRole('button', { name: 'Boka hjulskifte' }).click();
    await freeDays(block).first().click();
    await block.getByText('Det finns inga lediga tider den dagen.', { exact: false }).waitFor();
    await expect(block.getByRole('radio').count()).resolves.toBe(0);
    await fillContact(block);
    await block.getByRole('button', { name: 'Genomför bokning' }).click();
    await block.getByRole('heading', { name: 'Tack för din bokningsförfrågan' }).waitFor();
    expect(session.sandbox.ctx.stats.tirehotelBookings.at(-1)).toMatchObject({ regNo: 'MNO345', bookingStart: null });
    await expect(block.getByText('verkstaden återkommer med en tid', { exact: false }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('shows JKL012 the no-dates text with the workshop’s phone and e-mail', async () => {
    const { page, block } = await openTireHotel();
    await logIn(block, 'JKL012');
    await block.getByRole('button', { name: 'Boka hjulskifte' }).click();
    const notice = block.getByText(
      'Det finns för närvarande inga tillgängliga tider på din verkstad. Kontakta oss så hjälper vi dig att hitta första bästa tid.',
    );
    await notice.waitFor();
    await expect(block.getByRole('link', { name: '08-555 123 00' }).isVisible()).resolves.toBe(true);
    await expect(block.getByRole('link', { name: 'dackhotell.bromma@hedinautomotive.se' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(block.locator('.rdp-day').count()).resolves.toBe(0);
    await block.getByRole('button', { name: 'Tillbaka' }).click();
    await block.getByRole('heading', { name: 'Ditt fordon' }).waitFor();
    await page.context().close();
  });

  it('shows the 404 text with a book-service link for an unknown number, submitted with Enter', async () => {
    const { page, block } = await openTireHotel();
    await block.getByLabel('Registreringsnummer').fill('zzz999');
    await block.getByLabel('Registreringsnummer').press('Enter');
    await block.getByText('Vi hittar inget däckhotellsavtal för detta registreringsnummer.').waitFor();
    await expect(block.getByRole('link', { name: 'Boka service' }).getAttribute('href')).resolves.toBe(
      '/service-och-verkstad/boka-service',
    );
    await expectNoSeriousViolations(page);
    await page.context().close();
  });

  it('shows a wrong code’s message in red (the code is spent: send a new one), clears it on edit, and a paste of 12345 fills 1234', async () => {
    const { page, block } = await openTireHotel();
    await searchAndSendCode(block, 'DEF456');
    await block.getByLabel('Siffra 1 av 4').pressSequentially('9999');
    await page.keyboard.press('Enter');
    const error = block.getByText('Fel kod. Koden är inte längre giltig, skicka en ny kod.');
    await error.waitFor();
    await expect(error.evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(179, 38, 30)');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Backspace');
    await expect(error.count()).resolves.toBe(0);

    await block.getByLabel('Siffra 1 av 4').evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', '12345');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const boxes = await Promise.all([1, 2, 3, 4].map((n) => block.getByLabel(`Siffra ${n} av 4`).inputValue()));
    expect(boxes).toEqual(['1', '2', '3', '4']);
    await expect(block.getByRole('button', { name: 'Verifiera kod' }).isEnabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('stays logged in over a reload without a token in sessionStorage; Logga ut returns to Search and the next call is 401', async () => {
    const { page, block } = await openTireHotel();
    await logIn(block, 'GHI789');
    await page.reload();
    await page.locator('[data-island="tirehotel"][data-hydrated="true"]').waitFor();
    await block.getByRole('heading', { name: 'Ditt fordon' }).waitFor();
    const stored = await page.evaluate(() => sessionStorage.getItem('tirehotel'));
    expect(JSON.parse(stored!)).toMatchObject({ customer: { regNo: 'GHI789' }, validated: { status: 0 } });
    expect(stored).not.toMatch(/token/i);
    expect(await page.evaluate(() => document.cookie)).toBe(''); // the tokens are HttpOnly

    await block.getByRole('button', { name: 'Logga ut' }).click();
    await block.getByRole('heading', { name: 'Hitta ditt däckhotellsavtal' }).waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem('tirehotel'))).resolves.toBeNull();
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=TH1003', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ startDate: '2026-01-01', endDate: '2026-01-02', regNo: 'VW' }),
      });
      return res.status;
    });
    expect(status).toBe(401);
    await page.context().close();
  });

  it('returns to Search with the server’s message when the login has expired', async () => {
    const { page, block } = await openTireHotel();
    await logIn(block, 'DEF456');
    await page.context().clearCookies(); // as when th_session runs out
    await block.getByRole('button', { name: 'Boka hjulskifte' }).click();
    await block.getByText('Din inloggning har gått ut. Logga in igen.').waitFor();
    await expect(block.getByRole('heading', { name: 'Hitta ditt däckhotellsavtal' }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('refuses to move the calendar to months before the current one', async () => {
    const { page, block } = await openTireHotel();
    await logIn(block, 'ABC123');
    await block.getByRole('button', { name: 'Boka hjulskifte' }).click();
    await freeDays(block).first().waitFor();
    const previous = block.getByRole('button', { name: 'Gå till föregående månad' });
    const caption = block.locator('.rdp-caption_label');
    while ((await previous.getAttribute('aria-disabled')) !== 'true') await previous.click();
    const month = new Intl.DateTimeFormat('sv-SE', { month: 'long', year: 'numeric' }).format(new Date());
    await expect(caption.textContent()).resolves.toBe(month);
    await previous.click({ force: true });
    await expect(caption.textContent()).resolves.toBe(month);
    await page.context().close();
  });

  it('completes the whole flow with the keyboard alone', async () => {
    const { page, block } = await openTireHotel();
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );
    await block.getByLabel('Registreringsnummer').focus();
    await page.keyboard.type('abc123');
    await page.keyboard.press('Enter');
    await block.getByRole('button', { name: 'Skicka kod' }).waitFor();
    await page.keyboard.press('Tab'); // the heading has the focus: on to the contact link, then the button
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('Skicka kod');
    await page.keyboard.press('Enter');
    await block.getByLabel('Siffra 1 av 4').waitFor();
    await expect(focused()).resolves.toBe('Siffra 1 av 4');
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await block.getByRole('heading', { name: 'Ditt fordon' }).waitFor();
    await tabTo(page, 'Boka hjulskifte');
    await page.keyboard.press('Enter');
    await freeDays(block).first().waitFor();
    await tabTo(page, (label) => /\d{4}/.test(label) && !label.includes('föregående') && !label.includes('nästa'));
    await page.keyboard.press('Enter');
    await block.getByRole('radio').first().waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(block.getByRole('radio').first().isChecked()).resolves.toBe(true);
    for (const value of ['Kim', 'Testsson', '0701234567', 'kim@example.se']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }
    await tabTo(page, 'Genomför bokning');
    await page.keyboard.press('Enter');
    await block.getByRole('heading', { name: 'Tack för din bokningsförfrågan' }).waitFor();
    await tabTo(page, (label) => label.includes('stjärnor'));
    await page.keyboard.press('ArrowRight'); // the radio group: arrows choose
    await page.keyboard.press('ArrowRight');
    await expect(block.getByRole('radio', { name: '3 av 5 stjärnor' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await block.getByText('Tack för din betygsättning').waitFor();
    expect(session.sandbox.ctx.stats.tirehotelReviews.at(-1)).toEqual({ rating: 3, comment: null });
    await page.context().close();
  });
});

/** Presses Tab until the focused element's name matches (at most 60 times). */
async function tabTo(page: Page, name: string | ((label: string) => boolean)): Promise<void> {
  const matches = typeof name === 'string' ? (label: string) => label.trim() === name : name;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const labelled = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      return el?.getAttribute('aria-label') ?? labelled ?? el?.closest('label')?.textContent ?? el?.textContent ?? '';
    });
    if (matches(label)) return;
  }
  throw new Error('focus never reached the element');
}
