import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { DEFAULT_RETRY_DELAY_MS } from '../../client/forms/postWithRetries.js';
import { startBrowserSession } from '../support/browserSession.js';
import { runClockUntil, stillClock } from '../support/e2e/pageClock.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';

/** The product with its embedded sandbox reachable, so a test can make the forms hub fail. */
const session = startBrowserSession();

async function firstCar(index: string, minImages = 1): Promise<{ car_id: string; slug: string }> {
  const res = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      index,
      limit: 50,
      fields: ['car_id', 'slug', 'car_images'],
      filters: [{ field: 'car_is_sample', values: [false] }],
    }),
  });
  const cars = ((await res.json()) as { content: { car_id: string; slug: string; car_images: string[] }[] }).content;
  return cars.find((car) => car.car_images.length >= minImages)!;
}
/**
 * In the page before its scripts: each forms-hub post carries the page's clock reading as it is sent
 * (a header only the test reads), so the wait between retries is read off the page's own time.
 */
function stampFormPosts() {
  const send = window.fetch;
  window.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith('/api/forms/comhub')) {
      const headers = new Headers(init?.headers);
      headers.set('x-test-sent-at', String(Date.now()));
      return send(input, { ...init, headers });
    }
    return send(input, init);
  };
}

/** The comhub posts a page makes, with their formSubmissionId. */
function formPosts(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/forms/comhub'))
      ids.push((JSON.parse(req.postData() ?? '{}') as { formSubmissionId: string }).formSubmissionId);
  });
  return ids;
}

describe('car detail page in a browser', () => {
  it('opens a car by its id alone on its canonical address with the slug (302)', async () => {
    const car = await firstCar('cars-se');
    const page = await session.browser.newPage();
    const response = await page.goto(session.url('se.localhost', `/kop-bil/${car.car_id}`));
    expect(response!.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/kop-bil/${car.car_id}/${car.slug}`);
    const redirect = await response!.request().redirectedFrom()!.response();
    expect(redirect!.status()).toBe(302);
    await page.close();
  });

  it('tries a failing send 3 times with one submission id, shows the error banner and keeps what was typed; sends once the hub recovers', async () => {
    const car = await firstCar('cars-se');
    const page = await session.browser.newPage();
    await stillClock(page);
    const posts = formPosts(page);
    const sentAt: number[] = []; // the page's fake time as each post went
    page.on('request', (req) => {
      if (req.url().endsWith('/api/forms/comhub')) sentAt.push(Number(req.headers()['x-test-sent-at']));
    });
    await page.addInitScript(stampFormPosts);
    await page.goto(session.url('se.localhost', `/kop-bil/${car.car_id}/${car.slug}`));
    const form = page.locator('[data-island="carContact"][data-hydrated="true"]');
    await form.waitFor();
    await form.getByLabel('Namn').fill('Kim Testsson');
    await form.getByLabel('Telefon').fill('+46 70 123 45 67');
    await form.getByLabel('E-post').fill('kim@example.se');
    await form.getByLabel('Meddelande (valfritt)').fill('Finns den kvar?');
    await form.getByLabel('Jag vill provköra bilen').check();

    session.sandbox.ctx.faults.set('comhub', { status: 503 });
    await form.getByRole('button', { name: 'Skicka' }).click();
    const banner = form.getByRole('alert');
    // The page's clock moves only as the test moves it, so each retry waits for its delay to be run.
    await runClockUntil(page, () => banner.isVisible(), 'the error banner');
    await expect(banner.textContent()).resolves.toBe('Meddelandet kunde inte skickas. Försök igen senare.');
    expect(posts).toHaveLength(3);
    // Two waits of a second between the three attempts, by the page's own clock.
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(DEFAULT_RETRY_DELAY_MS);
    expect(sentAt[2]! - sentAt[1]!).toBeGreaterThanOrEqual(DEFAULT_RETRY_DELAY_MS);
    expect(new Set(posts).size).toBe(1);
    await expect(banner.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(form.getByLabel('Namn').inputValue()).resolves.toBe('Kim Testsson');
    await expect(form.getByLabel('Meddelande (valfritt)').inputValue()).resolves.toBe('Finns den kvar?');
    await expect(form.getByLabel('Jag vill provköra bilen').isChecked()).resolves.toBe(true);

    // The hub fails once more, then recovers: the second attempt goes through.
    session.sandbox.ctx.faults.clear();
    session.sandbox.ctx.faults.set('comhub', { status: 503 }, 1);
    await form.getByRole('button', { name: 'Skicka' }).click();
    const success = form.getByRole('status');
    await runClockUntil(page, () => success.isVisible(), 'the thanks');
    await expect(success.textContent()).resolves.toContain('Tack!');
    await expect(success.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(posts).toHaveLength(5);
    expect(new Set(posts).size).toBe(1);
    expect(session.sandbox.ctx.stats.comhubSubmissions.filter((id) => id === posts[0])).toHaveLength(1);
    await page.close();
  });

  it('names what is missing, focuses the first field to fix and sends nothing', async () => {
    const car = await firstCar('cars-se');
    const page = await session.browser.newPage();
    const posts = formPosts(page);
    await page.goto(session.url('se.localhost', `/kop-bil/${car.car_id}/${car.slug}`));
    const form = page.locator('[data-island="carContact"][data-hydrated="true"]');
    await form.waitFor();
    await form.getByLabel('Telefon').fill('070-12');
    await form.getByRole('button', { name: 'Skicka' }).click();
    await expect(form.getByLabel('Namn').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(form.getByText('Skriv ditt namn.').isVisible()).resolves.toBe(true);
    await expect(form.getByText(/Skriv ett telefonnummer med 6–20 siffror/).isVisible()).resolves.toBe(true);
    await expect(form.getByLabel('Telefon').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(posts).toEqual([]);
    await page.close();
  });

  it('steps through the images with the arrow keys and a swipe, and shows them full screen', async () => {
    const car = await firstCar('cars-uk', 3);
    const page = await session.browser.newPage();
    await page.goto(session.url('uk.localhost', `/buy-car/car/${car.car_id}/${car.slug}`));
    const gallery = page.locator('[data-island="carGallery"][data-hydrated="true"]');
    await gallery.waitFor();
    const position = gallery.locator('.car-gallery__position');
    const total = Number((await position.textContent())!.match(/of (\d+)/)![1]);
    await gallery.getByRole('button', { name: 'Next image' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(position.textContent()).resolves.toBe(`Image 2 of ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(position.textContent()).resolves.toBe(`Image 1 of ${total}`);
    const stage = gallery.locator('.car-gallery__stage').first();
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(position.textContent()).resolves.toBe(`Image 2 of ${total}`);
    await gallery.getByRole('button', { name: 'View full screen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await page.close();
  });

  it('has no serious accessibility violation and stays within its JavaScript budget (97.5 KB gzip, the finance card, the picture component and saved cars included; bench:bundles holds the same)', async () => {
    const car = await firstCar('cars-uk');
    const context = await session.browser.newContext();
    const page = await context.newPage();
    // The page's own code against its budget; the field-data module (web-vitals, on every page) has its own.
    const scripts: Promise<number>[] = [];
    const fieldData: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      (/\/assets\/rum-/.test(res.url()) ? fieldData : scripts).push(res.body().then((body) => gzipSync(body).length));
    });
    await page.goto(session.url('uk.localhost', `/buy-car/car/${car.car_id}/${car.slug}`));
    await page.locator('[data-island="carContact"][data-hydrated="true"]').waitFor();
    await expect(severeAxeFindings(page)).resolves.toEqual([]);
    const total = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
    // 97.5 since issue 53 (the cards' monthly price with the UK's representative example, and Dela): 97.02 measured.
    expect(total).toBeLessThanOrEqual(97.5 * 1024);
    // Issue 17: the field-data module adds under 3 KB gzip to a page.
    expect((await Promise.all(fieldData)).reduce((sum, n) => sum + n, 0)).toBeLessThan(3 * 1024);
    await context.close();
  });
});
