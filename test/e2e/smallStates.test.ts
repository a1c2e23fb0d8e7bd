import { describe, expect, it } from '@jest/globals';
import { marketById } from '../../markets/registry.js';
import { SELL_CAR_PATHS } from '../../sandbox/data/content/leadFormPages.js';
import { startBrowserSession } from '../support/browserSession.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';
import { clickWhenLaidOut } from '../support/e2e/laidOut.js';

/** The small states of issue 26 a shopper meets: toggles that say what they do, empty and failed states, named sliders. */
const session = startBrowserSession();

const PHONE = { width: 390, height: 844 };

async function firstCar(
  index: string,
  filters: { field: string; values: string[] }[] = [],
): Promise<{ car_id: string; slug: string }> {
  const res = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index, limit: 50, fields: ['car_id', 'slug', 'car_equipment', 'car_price'], filters }),
  });
  const cars = (
    (await res.json()) as { content: { car_id: string; slug: string; car_equipment: string[]; car_price: number }[] }
  ).content;
  return cars.find((car) => car.car_equipment.length > 6 && car.car_price >= 8000)!;
}

describe('small states', () => {
  it('the car list: the filter toggle says Dölj once open, a facet search without a match says so, a failed load-more keeps the count', async () => {
    const page = await session.browser.newPage({ viewport: PHONE });
    await page.goto(session.url('se.localhost', '/kop-bil/sok-bil?car_brand=Volvo'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    await page.getByText('Visa filter (1)').click();
    await expect(page.getByText('Dölj filter (1)').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Visa filter (1)').isVisible()).resolves.toBe(false);

    await page.getByPlaceholder('Sök Märke').fill('zzzz');
    await expect(page.getByText('Inget val matchar ”zzzz”.').isVisible()).resolves.toBe(true);

    await page.goto(session.url('se.localhost', '/kop-bil/sok-bil'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const count = page.locator('.car-list__count');
    const before = await count.textContent();
    expect(before).toMatch(/^\d[\d\s]* bilar$/);
    session.sandbox.ctx.faults.set('search', { status: 503 });
    await clickWhenLaidOut(page.getByRole('link', { name: 'Visa fler bilar' }));
    await page.getByRole('alert').waitFor();
    await expect(page.locator('.car-card').count()).resolves.toBe(48);
    await expect(count.textContent()).resolves.toBe(before);
    await page.close();
  });

  it('the car detail: "Visa all utrustning" and "Visa alla tekniska data" say "Visa mindre/färre …" once open', async () => {
    const car = await firstCar('cars-se');
    const page = await session.browser.newPage({ viewport: PHONE });
    await page.goto(session.url('se.localhost', `/kop-bil/${car.car_id}/${car.slug}`));
    const [equipment, technical] = await page.locator('.car-detail__more > summary').all();
    await expect(equipment!.innerText()).resolves.toMatch(/^Visa all utrustning \(\d+ till\)$/);
    await equipment!.click();
    await expect(equipment!.innerText()).resolves.toBe('Visa mindre utrustning');
    await expect(technical!.innerText()).resolves.toMatch(/^Visa alla tekniska data \(\d+ till\)$/);
    await technical!.click();
    await expect(technical!.innerText()).resolves.toBe('Visa färre tekniska data');
    await page.close();
  });

  it('the UK finance sliders are named by their visible labels (no react-range placeholder) and axe finds them named', async () => {
    const car = await firstCar('cars-uk', [{ field: 'car_condition', values: ['Used'] }]);
    const page = await (await session.browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(session.url('uk.localhost', `/buy-car/car/${car.car_id}/${car.slug}`));
    const card = page.locator('[data-island="finance"][data-hydrated="true"]');
    await card.locator('.finance__payment-value').waitFor();
    const sliders = await card.getByRole('slider').all();
    expect(sliders.length).toBeGreaterThan(1);
    for (const slider of sliders) {
      // The visible label it points to (the payment's is the card's result above its slider).
      const label = await slider.evaluate(
        (el) => document.getElementById(el.getAttribute('aria-labelledby')!)!.textContent,
      );
      await expect(slider.getAttribute('aria-label')).resolves.toBe(label);
      await expect(card.getByRole('slider', { name: label!, exact: true }).count()).resolves.toBe(1);
    }
    await expect(severeAxeFindings(page, { include: '[data-island="finance"]', anyImpact: true })).resolves.toEqual([]);
    await page.context().close();
  });

  it('an empty sell-car submit says what to fill in (not that something went wrong), the first field focused, nothing sent', async () => {
    const page = await (await session.browser.newContext({ viewport: PHONE })).newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/')) posts.push(request.url());
    });
    await page.goto(session.url('se.localhost', SELL_CAR_PATHS.se));
    const form = page.locator('[data-island="sellCar"][data-hydrated="true"]');
    await form.waitFor();
    await form.getByRole('button', { name: 'Skicka' }).click();
    // It leads with the fields to fill in (the registration number first), never reads like a server failure.
    const alert = form.getByRole('alert').filter({ hasText: /^Fyll i eller rätta: Registreringsnummer/ });
    await alert.waitFor();
    expect(await form.getByRole('alert').filter({ hasText: 'Något gick fel' }).count()).toBe(0);
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'regno');
    expect(posts).toEqual([]);
    await page.context().close();
  });

  it("no workshops near the place: the hint links the market's customer service address and phone", async () => {
    const context = await session.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(session.url('se.localhost', '/service-och-verkstad/boka-service?lat=0&lng=0'));
    await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
    await page.waitForFunction(
      () => (document.querySelector('[role="combobox"]') as HTMLInputElement | null)?.value !== '',
    );
    await page.getByRole('textbox', { name: 'Registreringsnummer', exact: true }).fill('ABC123');
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Oljeservice' }).check();
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await page.getByRole('button', { name: 'Fortsätt utan tillval' }).click();
    await page.getByText('Vi kan ej hitta några anläggningar som passar dig').waitFor();
    const { email, phone } = marketById('se').customerService;
    const link = page.getByRole('alert').getByRole('link', { name: email });
    await expect(link.getAttribute('href')).resolves.toBe(`mailto:${email}`);
    await expect(page.getByRole('alert').getByRole('link', { name: phone }).getAttribute('href')).resolves.toBe(
      `tel:${phone.replace(/[^\d+]/g, '')}`,
    );
    await context.close();
  });
});
