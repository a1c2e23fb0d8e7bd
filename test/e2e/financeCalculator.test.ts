import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { QUOTE_DEBOUNCE_MS } from '../../client/islands/finance/financeRules.js';
import { startBrowserSession } from '../support/browserSession.js';
import { stillClock } from '../support/e2e/pageClock.js';

/** The UK finance card (issue 16): a used UK car, the embedded codeweaver sandbox, and its faults. */
const session = startBrowserSession();

async function ukCar(): Promise<{ car_id: string; slug: string }> {
  const res = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      index: 'cars-uk',
      limit: 20,
      fields: ['car_id', 'slug', 'car_price'],
      filters: [{ field: 'car_condition', values: ['Used'] }],
    }),
  });
  const cars = ((await res.json()) as { content: { car_id: string; slug: string; car_price: number }[] }).content;
  // A price of at least £8,000 leaves the deposit slider several steps (0 to half the price).
  return cars.find((car) => car.car_price >= 8000)!;
}

async function openCard(page: Page): Promise<Locator> {
  const car = await ukCar();
  await page.goto(session.url('uk.localhost', `/buy-car/car/${car.car_id}/${car.slug}`));
  const card = page.locator('[data-island="finance"][data-hydrated="true"]');
  await card.waitFor();
  await card.locator('.finance__payment-value').waitFor();
  return card;
}
const payment = (card: Locator) => card.locator('.finance__payment-value').textContent();
const valueText = (slider: Locator) => slider.getAttribute('aria-valuetext');
/** Waits until the slider reads out another value than `before`. */
async function valueChanged(slider: Locator, before: string | null) {
  const handle = await slider.elementHandle();
  await slider
    .page()
    .waitForFunction(([el, old]) => el!.getAttribute('aria-valuetext') !== old, [handle, before] as const);
}
/** Waits for the debounced request to come back (the result region stops being busy). */
async function settled(card: Locator) {
  await card.locator('.finance__result[aria-busy="false"]').waitFor();
}

describe('finance calculator on a UK car', () => {
  it('loads the card with the default PCP quote and the representative example in the service’s wording', async () => {
    const page = await session.browser.newPage();
    const card = await openCard(page);
    await expect(card.getByRole('radio', { name: 'Personal Contract Purchase (PCP)' }).isChecked()).resolves.toBe(true);
    await expect(payment(card)).resolves.toMatch(/^£[\d,]+\.\d{2} a month$/);
    const legal = card.locator('.finance__legal');
    await legal.filter({ hasText: 'Representative example (Personal Contract Purchase)' }).waitFor();
    await expect(legal.textContent()).resolves.toMatch(/Representative [\d.]+% APR/);
    await expect(card.getByText(/^Figures correct on \d{2}\/\d{2}\/\d{4}\.$/).count()).resolves.toBe(1);
    await page.close();
  });

  // Issue 49 part 5: the monthly payment is the card's result, its slider under it, not a second figure beside it.
  it('shows the monthly payment once, as the result with its slider, at 390 and 1280 px', async () => {
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    const card = await openCard(page);
    const figure = (await payment(card))!;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(card.getByText('Monthly payment', { exact: true }).count()).resolves.toBe(1);
      await expect(card.getByText(figure, { exact: true }).count()).resolves.toBe(1);
      // The one figure is the result's, and the payment slider is named by its label there.
      const slider = card.locator('.finance__result').getByRole('slider', { name: 'Monthly payment' });
      await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(figure);
    }
    await page.close();
  });

  it('changes the figures when the shopper switches from PCP to HP', async () => {
    const page = await session.browser.newPage();
    const card = await openCard(page);
    const pcp = await payment(card);
    await expect(card.getByRole('slider', { name: 'Annual mileage' }).count()).resolves.toBe(1);
    await card.getByText('Hire Purchase (HP)').click();
    await expect(card.getByRole('radio', { name: 'Hire Purchase (HP)' }).isChecked()).resolves.toBe(true);
    expect(await payment(card)).not.toBe(pcp);
    // HP has no mileage limit, and its example is HP's.
    await expect(card.getByRole('slider', { name: 'Annual mileage' }).count()).resolves.toBe(0);
    await card.locator('.finance__legal').filter({ hasText: 'Representative example (Hire Purchase)' }).waitFor();
    await page.close();
  });

  it('solves for the payment when the term moves and for the deposit when the payment moves, one request for quick steps', async () => {
    const page = await session.browser.newPage();
    // The page's timers move only by runFor: "quick" is then quick on any machine (three key presses under
    // load had come apart by more than the debounce, and sent two requests).
    await stillClock(page);
    const cfd: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/codeweaver/cfd')) cfd.push(req.postData() ?? '');
    });
    const card = await openCard(page);
    const term = card.getByRole('slider', { name: 'Term' });
    const deposit = card.getByRole('slider', { name: 'Deposit' });
    const before = await payment(card);
    await term.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(valueText(term)).resolves.toBe('36 months');
    await page.clock.runFor(QUOTE_DEBOUNCE_MS);
    await settled(card);
    await card.locator('.finance__payment-value').filter({ hasNotText: before! }).waitFor();
    expect(JSON.parse(cfd.at(-1)!)).toMatchObject({ SolveFor: 'Payment', Term: 36 });

    const depositBefore = await valueText(deposit);
    const paymentSlider = card.getByRole('slider', { name: 'Monthly payment' });
    await paymentSlider.focus();
    // Three quick steps: one request (debounced) for the last figure.
    const sent = cfd.length;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.clock.runFor(QUOTE_DEBOUNCE_MS - 1);
    expect(cfd.length - sent).toBe(0); // still waiting for the shopper to stop
    await page.clock.runFor(1);
    await settled(card);
    await valueChanged(deposit, depositBefore);
    expect(cfd.length - sent).toBe(1);
    expect(JSON.parse(cfd.at(-1)!)).toMatchObject({ SolveFor: 'Deposit' });
    await page.close();
  });

  it('moves every slider with the keyboard alone, each reading its value aloud', async () => {
    const page = await session.browser.newPage();
    const card = await openCard(page);
    for (const [name, key] of [
      ['Term', 'ArrowLeft'],
      ['Deposit', 'ArrowRight'],
      ['Annual mileage', 'ArrowRight'],
      ['Monthly payment', 'ArrowLeft'],
    ] as const) {
      const slider = card.getByRole('slider', { name });
      await settled(card);
      const before = await valueText(slider);
      await slider.focus();
      await page.keyboard.press(key);
      await valueChanged(slider, before);
      await expect(slider.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    }
    await page.close();
  });

  it('apologises with the selling site’s phone and e-mail when the finance service fails, and the rest of the page stays whole', async () => {
    session.sandbox.ctx.faults.set('codeweaver', { status: 503 });
    const page = await session.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const car = await ukCar();
    await page.goto(session.url('uk.localhost', `/buy-car/car/${car.car_id}/${car.slug}`));
    const card = page.locator('[data-island="finance"][data-hydrated="true"]');
    await card.getByRole('heading', { name: 'Finance calculator unavailable' }).waitFor();
    await expect(card.getByRole('link', { name: /^\+?[\d\s]+$/ }).getAttribute('href')).resolves.toMatch(/^tel:/);
    await expect(card.locator('a[href^="mailto:"]').count()).resolves.toBe(1);
    await expect(card.getByRole('slider').count()).resolves.toBe(0);
    // The page around it: title, gallery and contact form are there and working.
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    await page.locator('[data-island="carGallery"][data-hydrated="true"]').waitFor();
    await page.locator('[data-island="carContact"][data-hydrated="true"]').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
