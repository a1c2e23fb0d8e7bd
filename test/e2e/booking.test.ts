import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { sv } from '../../markets/translations/sv.js';
import { startBrowserSession } from '../support/browserSession.js';
import { eventually } from '../support/e2e/eventually.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';

// The sandbox paces the workshop stream; a short pace keeps the file quick while the 5 placeholders still show.
process.env.SANDBOX_STREAM_INTERVAL_MS = '150';
const session = startBrowserSession();

const BOOKING = '/service-och-verkstad/boka-service';
const STOCKHOLM = { latitude: 59.33, longitude: 18.07 };
const DESKTOP = { width: 1280, height: 900 };

async function openBooking(
  options: BrowserContextOptions & { query?: string } = {},
): Promise<{ page: Page; problems: string[] }> {
  const { query = '', ...contextOptions } = options;
  const context = await session.browser.newContext({
    viewport: DESKTOP,
    geolocation: STOCKHOLM,
    permissions: ['geolocation'],
    ...contextOptions,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  const answer = await page.goto(session.url('se.localhost', `${BOOKING}${query}`));
  expect(answer?.status()).toBe(200);
  await page.locator('[data-island="booking"][data-hydrated="true"]').waitFor();
  await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
  return { page, problems };
}

const regInput = (page: Page) => page.getByRole('textbox', { name: 'Registreringsnummer', exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

/** Step 1 with 'Använd min plats' (the context grants geolocation near Stockholm). */
async function submitCar(page: Page, regNo: string) {
  await regInput(page).fill(regNo);
  await button(page, 'Använd min plats').click();
  await eventually(
    () => page.getByRole('combobox').inputValue(),
    (v) => v !== '',
  );
  await button(page, 'Fortsätt').click();
}

async function toWorkshops(page: Page, regNo: string, services: string[], addon: string | null) {
  await submitCar(page, regNo);
  await stepHeading(page, /Välj tjänster/).waitFor();
  for (const service of services) await page.getByRole('checkbox', { name: service, exact: true }).check();
  await button(page, 'Fortsätt').click();
  await stepHeading(page, /Välj tillval/).waitFor();
  if (addon) {
    await page.getByRole('checkbox', { name: addon, exact: true }).check();
    await button(page, 'Fortsätt').click();
  } else {
    await button(page, 'Fortsätt utan tillval').click();
  }
  await stepHeading(page, /Verkstad, tid/).waitFor();
}

const workshopRadios = (page: Page) => page.locator('.workshop-card input[type="radio"]');
const slotRadios = (page: Page) => page.locator('.slot:not(.slot--full-day) input[type="radio"]');

async function chooseWorkshopAndSlot(page: Page, slotIndex = 0) {
  await workshopRadios(page).first().check();
  await slotRadios(page).nth(slotIndex).check();
}

async function fillContact(page: Page) {
  await page.getByRole('textbox', { name: 'Förnamn' }).fill('Anna');
  await page.getByRole('textbox', { name: 'Efternamn' }).fill('Andersson');
  await page.getByRole('textbox', { name: 'Telefon' }).fill('+46 70 123 45 67');
  await page.getByRole('textbox', { name: 'E-post' }).fill('anna@example.se');
}

/**
 * axe's serious and critical findings in the booking island: every rule, and label-content-name-mismatch
 * (experimental in axe, run by Lighthouse), which the closed steps' rows broke ('Ändra: 1. …' for a row reading '1 …').
 */
const severeViolations = (page: Page) => severeAxeFindings(page, { include: '[data-island="booking"]' });

const stored = <T>(page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(sessionStorage.getItem(`booking.${k}`) ?? 'null') as unknown, key) as Promise<T>;
type StoredInfo = { timeSlot: string; isFullDay: boolean; location: { departmentId: number } };
const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);

describe('service booking in a real browser', () => {
  it("'Boka service' in the navigation reaches the booking page, which renders the intro and step 1 before hydration", async () => {
    const context = await session.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(session.url('se.localhost', '/'));
    const href = await page.locator('a', { hasText: 'Boka service' }).first().getAttribute('href');
    expect(href).toBe(BOOKING);
    const answer = await page.goto(session.url('se.localhost', href!));
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Boka service' }).isVisible()).resolves.toBe(true);
    await expect(regInput(page).getAttribute('placeholder')).resolves.toBe('ABC 123');
    await expect(
      page.getByRole('link', { name: /^BMW \(öppnas i ett nytt fönster\)$/ }).getAttribute('target'),
    ).resolves.toBe('_blank');
    await expect(page.getByText('Fler märken vi är auktoriserade för').isVisible()).resolves.toBe(true);
    // Booked where the market's site has its damage workshop page: a page of this site, opened here.
    const damage = page.getByRole('link', { name: sv['booking.damageLink'], exact: true });
    await expect(damage.getAttribute('target')).resolves.toBeNull();
    const damagePage = await page.goto(session.url('se.localhost', (await damage.getAttribute('href'))!));
    expect(damagePage?.status()).toBe(200);
    await context.close();
  });

  it('books ABC123 near Stockholm to "Bokning bekräftad"; the sandbox holds the booking; dataLayer has steps 0…5 and one purchase; axe passes', async () => {
    const { page, problems } = await openBooking();
    expect(await severeViolations(page)).toEqual([]);
    await regInput(page).fill('abc123');
    await expect(regInput(page).inputValue()).resolves.toBe('ABC123');
    await expect(button(page, 'Fortsätt').isDisabled()).resolves.toBe(true);
    await button(page, 'Använd min plats').click();
    expect(
      await eventually(
        () => page.getByRole('combobox').inputValue(),
        (v) => v === 'Stockholm',
      ),
    ).toBe('Stockholm');
    await button(page, 'Fortsätt').click();
    await stepHeading(page, /Välj tjänster/).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Auktoriserad Volvo-verkstad' }).waitFor();
    await page.locator('.booking-icon svg').first().waitFor();
    await page.getByRole('checkbox', { name: 'Service enligt serviceprogram' }).check();
    await expect(page.getByText('Ange miltal').isVisible()).resolves.toBe(true);
    await expect(button(page, 'Fortsätt').isDisabled()).resolves.toBe(true);
    await page.getByRole('spinbutton', { name: 'Miltal' }).fill('1500');
    expect(await severeViolations(page)).toEqual([]);
    await button(page, 'Fortsätt').click();

    await stepHeading(page, /Välj tillval/).waitFor();
    await page.getByRole('checkbox', { name: 'Torkarblad fram', exact: true }).check();
    await expect(button(page, 'Fortsätt utan tillval').count()).resolves.toBe(0);
    await button(page, 'Fortsätt').click();
    await stepHeading(page, /Verkstad, tid/).waitFor();
    await page.locator('[data-placeholder]').first().waitFor(); // loading placeholders while the stream comes in
    expect(
      await eventually(
        () => workshopRadios(page).count(),
        (v) => v === 5,
      ),
    ).toBe(5);
    await expect(page.locator('[data-placeholder]').count()).resolves.toBe(0);
    await chooseWorkshopAndSlot(page);
    await page.locator('.booking-map .lazy-map').scrollIntoViewIfNeeded();
    await page.locator('.booking-map [data-map-status="ready"]').waitFor();
    await fillContact(page);
    expect(await severeViolations(page)).toEqual([]);
    const info = await stored<StoredInfo>(page, 'bookingInfo');
    await button(page, 'Boka').click();

    await page.getByRole('heading', { name: 'Bokning bekräftad' }).waitFor();
    await expect(page.getByRole('link', { name: /Vägbeskrivning/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\//,
    );
    await page.locator('.booking-map .lazy-map').scrollIntoViewIfNeeded();
    await page.locator('.booking-map [data-map-status="ready"]').waitFor();
    expect(await severeViolations(page)).toEqual([]);

    // The sandbox holds it: the slot is gone, and booking it again is refused.
    const day = info.timeSlot.slice(0, 10);
    const slots = await page.evaluate(
      async ({ dept, day }) =>
        (
          (await (await fetch(`/api/mechmate/timeslots/from/ABC123/${dept}/${day}T00:00:00`)).json()) as {
            availableSlots: string[];
          }[]
        )[0]!.availableSlots,
      { dept: info.location.departmentId, day },
    );
    expect(slots).not.toContain(info.timeSlot.slice(11, 16));

    const events = await dataLayer(page);
    expect(events.filter((e) => e.event === 'flow_interaction').map((e) => [e.step_number, e.flow_version])).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => [n, '2.0']),
    );
    const purchases = events.filter((e) => e.event === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.ecommerce).toMatchObject({ currency: 'SEK' });

    await button(page, 'Ny bokning').click();
    await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
    await expect(regInput(page).inputValue()).resolves.toBe('');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('SRV100 (service agreement) shows discounted prices in red and the notice', async () => {
    const { page } = await openBooking();
    await toWorkshops(page, 'SRV100', ['Oljeservice'], null);
    await workshopRadios(page).first().check();
    await page.getByText('Du har ett aktivt serviceavtal, rabatterade priser i rött gäller').first().waitFor();
    const discount = page.locator('.booking-prices .price--discount').first();
    await discount.waitFor();
    await expect(discount.evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(179, 38, 30)');
    await page.context().close();
  });

  it.each([
    ['TES123', 'Service, däckbyte och verkstad för Tesla bokar du via länken högst upp på sidan.'],
    ['NFD404', 'Fordonet hittades inte, kontrollera att registreringsnumret är korrekt'],
    ['BNS999', 'Vi kan inte erbjuda service för bilar av märket Lada.'],
    ['AB1', 'Ogiltigt registreringsnummer, kontrollera att registreringsnumret är korrekt'],
  ])('%s shows its text under the form', async (regNo, text) => {
    const { page } = await openBooking();
    await submitCar(page, regNo);
    await page.getByRole('alert').filter({ hasText: text }).waitFor();
    await expect(stepHeading(page, /Välj tjänster/).count()).resolves.toBe(0);
    if (regNo !== 'TES123') {
      const errors = (await dataLayer(page)).filter((e) => e.event === 'event_error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ flow_name: 'service_booking', error_message: text });
    }
    await page.context().close();
  });

  it('when the map cannot load, its area says so and the booking still completes', async () => {
    const { page } = await openBooking();
    await page.route('**/map-tiles/**', (route) => route.abort());
    await toWorkshops(page, 'ABC123', ['Oljeservice'], null);
    await chooseWorkshopAndSlot(page);
    await page.locator('.booking-map .lazy-map').scrollIntoViewIfNeeded();
    await page
      .locator('.booking-map')
      .getByRole('alert')
      .filter({ hasText: 'Kartan kunde inte laddas. Du kan boka ändå.' })
      .waitFor();
    await fillContact(page);
    await button(page, 'Boka').click();
    await page.getByRole('heading', { name: 'Bokning bekräftad' }).waitFor();
    await page.context().close();
  });

  it('ERR503 shows the stream error after the workshops that came', async () => {
    const { page } = await openBooking();
    await toWorkshops(page, 'ERR503', ['Oljeservice'], null);
    await page.getByText('Något gick fel när verkstäderna hämtades, försök igen').waitFor();
    await expect(workshopRadios(page).count()).resolves.toBe(2);
    await page.context().close();
  });

  it('?lat=0&lng=0 prefills the place and shows the no-workshops text', async () => {
    const { page } = await openBooking({ query: '?lat=0&lng=0' });
    expect(
      await eventually(
        () => page.getByRole('combobox').inputValue(),
        (v) => v !== '',
      ),
    ).not.toBe('');
    await regInput(page).fill('ABC123');
    await button(page, 'Fortsätt').click();
    await stepHeading(page, /Välj tjänster/).waitFor();
    await page.getByRole('checkbox', { name: 'Oljeservice' }).check();
    await button(page, 'Fortsätt').click();
    await button(page, 'Fortsätt utan tillval').click();
    await page.getByText('Vi kan ej hitta några anläggningar som passar dig').waitFor();
    await page.context().close();
  });

  it('a slot booked from a second tab first gives the not-available text; the slots reload and another time books', async () => {
    const { page } = await openBooking();
    await toWorkshops(page, 'ABC123', ['Hjulskifte'], null);
    await chooseWorkshopAndSlot(page, 2);
    await fillContact(page);
    const info = await stored<StoredInfo>(page, 'bookingInfo');
    const second = await page.context().newPage();
    await second.goto(session.url('se.localhost', BOOKING));
    const status = await second.evaluate(
      async (body) =>
        (
          await fetch('/api/mechmate/book', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      {
        customer: { firstName: 'Bo', lastName: 'B', phone: '0701234567', email: 'bo@example.se' },
        departmentId: info.location.departmentId,
        timeSlot: info.timeSlot,
        isFullDay: false,
        registrationNumber: 'ABC123',
        mileage: 1,
        serviceOfferingRequests: [{ kobraId: 'tirechange' }],
      },
    );
    expect(status).toBe(200);
    await button(page, 'Boka').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Tiden är inte tillgänglig, vänligen välj en annan tid' })
      .waitFor();
    await expect(page.locator(`.slot input[value="${info.timeSlot}|part"]`).count()).resolves.toBe(0);
    await slotRadios(page).first().check();
    await button(page, 'Boka').click();
    await page.getByRole('heading', { name: 'Bokning bekräftad' }).waitFor();
    await page.context().close();
  });

  it("'Hämta fler' adds 5 workshops, 'Första lediga tid' sorts them, and a reload at step 4 resumes at step 4 with the chosen workshop", async () => {
    const { page } = await openBooking();
    await toWorkshops(page, 'ABC123', ['Oljeservice'], null);
    expect(
      await eventually(
        () => workshopRadios(page).count(),
        (v) => v === 5,
      ),
    ).toBe(5);
    await button(page, 'Hämta fler').click();
    expect(
      await eventually(
        () => workshopRadios(page).count(),
        (v) => v === 10,
      ),
    ).toBe(10);
    await page.getByRole('radio', { name: 'Första lediga tid', exact: true }).check();
    const firstTimes = await page
      .locator('.workshop-card[data-first-time]')
      .evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.firstTime || '9999'));
    expect(firstTimes).toEqual([...firstTimes].sort());
    await workshopRadios(page).first().check();
    const chosen = await page.locator('.workshop-card.is-selected .workshop-card__name').textContent();
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
    await stepHeading(page, /Verkstad, tid/).waitFor();
    await expect(page.locator('.workshop-card.is-selected .workshop-card__name').textContent()).resolves.toBe(chosen);
    await expect(
      page.getByRole('button', { name: '1. Registreringsnummer och plats, ABC123, Stockholm, Ändra' }).count(),
    ).resolves.toBe(1);
    await page.context().close();
  });

  it('on a phone the summary is a bottom sheet: hidden at first, 72 px, dragged up to 80 vh, closed by dragging down 200 px, and keyboard operable', async () => {
    const { page } = await openBooking({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const sheet = page.locator('.booking-sheet');
    await expect(sheet.count()).resolves.toBe(0);
    await submitCar(page, 'ABC123');
    await stepHeading(page, /Välj tjänster/).waitFor();
    await page.getByRole('checkbox', { name: 'Oljeservice' }).check();
    const height = async () => Math.round((await sheet.boundingBox())!.height);
    expect(await eventually(height, (v) => v === 72)).toBe(72);
    const bar = page.getByRole('button', { name: /Din bokning/ });
    await expect(bar.getAttribute('aria-expanded')).resolves.toBe('false');

    const box = (await bar.boundingBox())!;
    const x = box.x + box.width / 2;
    const drag = async (fromY: number, toY: number) => {
      await page.mouse.move(x, fromY);
      await page.mouse.down();
      for (let i = 1; i <= 6; i++) await page.mouse.move(x, fromY + ((toY - fromY) * i) / 6);
      await page.mouse.up();
    };
    await drag(box.y + 30, box.y - 300);
    expect(await eventually(height, (v) => v === Math.round(844 * 0.8))).toBe(Math.round(844 * 0.8));
    await expect(bar.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.locator('.booking-sheet__content').getByText('Oljeservice').isVisible()).resolves.toBe(true);

    const open = (await bar.boundingBox())!;
    await drag(open.y + 30, open.y + 130); // 100 px: stays open
    expect(await eventually(height, (v) => v === Math.round(844 * 0.8))).toBe(Math.round(844 * 0.8));
    await drag(open.y + 30, open.y + 280); // 250 px: closes
    expect(await eventually(height, (v) => v === 72)).toBe(72);

    await bar.focus();
    await page.keyboard.press('Enter');
    await expect(bar.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(bar.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.context().close();
  });

  it('completes the whole flow with the keyboard alone', async () => {
    const { page } = await openBooking();
    /** Tabs forward until the target has the focus (as a keyboard user would). */
    const tabTo = async (target: Locator) => {
      for (let i = 0; i < 120; i++) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`never reached ${target.toString()}`);
    };
    await tabTo(regInput(page));
    await page.keyboard.type('abc123');
    await tabTo(page.getByRole('combobox'));
    await page.keyboard.type('Stockh');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(
      await eventually(
        () => button(page, 'Fortsätt').isEnabled(),
        (v) => v === true,
      ),
    ).toBe(true);
    await tabTo(button(page, 'Fortsätt'));
    await page.keyboard.press('Enter');

    await stepHeading(page, /Välj tjänster/).waitFor();
    await tabTo(page.getByRole('checkbox', { name: 'Hjulskifte' }));
    await page.keyboard.press('Space');
    await tabTo(button(page, 'Fortsätt'));
    await page.keyboard.press('Enter');
    await stepHeading(page, /Välj tillval/).waitFor();
    await tabTo(button(page, 'Fortsätt utan tillval'));
    await page.keyboard.press('Enter');

    await stepHeading(page, /Verkstad, tid/).waitFor();
    expect(
      await eventually(
        () => workshopRadios(page).count(),
        (v) => v === 5,
      ),
    ).toBe(5);
    await tabTo(workshopRadios(page).first());
    await page.keyboard.press('Space');
    await slotRadios(page).first().waitFor();
    await tabTo(page.locator('.slot input[type="radio"]').first());
    await page.keyboard.press('ArrowRight');
    const contact = { Förnamn: 'Anna', Efternamn: 'Andersson', Telefon: '0701234567', 'E-post': 'anna@example.se' };
    for (const [name, value] of Object.entries(contact)) {
      await tabTo(page.getByRole('textbox', { name }));
      await page.keyboard.type(value);
    }
    await tabTo(button(page, 'Boka'));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bokning bekräftad' }).waitFor();
    await page.context().close();
  });
  it.each([390, 1440])(
    'at %i px the closed steps are named as they read and axe has no serious rule in steps 1-4',
    async (width) => {
      const { page } = await openBooking({ viewport: { width, height: 900 } });
      expect(await severeViolations(page)).toEqual([]);
      await toWorkshops(page, 'ABC123', ['Oljeservice'], null);
      expect(await severeViolations(page)).toEqual([]);
      // A closed row's name is its visible text in reading order (what a voice-control user says to press it).
      await expect(
        page
          .getByRole('button', {
            name: `1. ${sv['booking.step1Title']}, ABC123, Stockholm, ${sv['booking.change']}`,
            exact: true,
          })
          .count(),
      ).resolves.toBe(1);
      await page.context().close();
    },
  );

  it('DMC885 shows the joke class label in the car details (part 2 §4.1); the day headings read in Swedish lower case', async () => {
    const { page } = await openBooking();
    await toWorkshops(page, 'DMC885', ['Oljeservice'], null);
    const summary = page.locator('.booking-summary__content').first();
    await summary.getByText('Tidsmaskin (kräver 88 mph)').waitFor({ state: 'attached' });
    await expect(summary.locator('dt', { hasText: 'Fordonsklass' }).count()).resolves.toBe(1);
    await workshopRadios(page).first().check();
    const day = page.locator('.slot-day__date').first();
    await day.waitFor();
    // innerText is what the shopper sees, after any CSS text-transform.
    expect(await day.evaluate((el) => (el as HTMLElement).innerText)).toMatch(
      /^(måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag) \d{1,2} (januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december)$/,
    );
    await page.context().close();
  });
});
