import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { marketById } from '../../markets/registry.js';
import type { Dictionary } from '../../markets/translations/sv.js';
import { en } from '../../markets/translations/en.js';
import { fi } from '../../markets/translations/fi.js';
import { sv } from '../../markets/translations/sv.js';
import { startBrowserSession } from '../support/browserSession.js';

// Issue 40: campaign tags survive the car list, and a lead's purchase event is in the market's currency.
const session = startBrowserSession();
jest.setTimeout(60_000);

const LIST = marketById('se').paths.carList;

/** The car list hydrated and its set-up effect run (it takes over scroll restoration, then writes the address). */
async function listReady(page: Page): Promise<void> {
  await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
  await page.waitForFunction(() => history.scrollRestoration === 'manual');
}

const pairs = (page: Page) => [...new URL(page.url()).searchParams];

describe('campaign tags in the address bar', () => {
  it('a campaign link to the car list keeps utm_source and gclid in place after hydration and after a filter is ticked', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('se.localhost', `${LIST}?utm_source=news&car_fuel=El&gclid=abc`));
    await listReady(page);
    expect(pairs(page)).toEqual([
      ['utm_source', 'news'],
      ['car_fuel', 'El'],
      ['gclid', 'abc'],
    ]);

    const box = page.locator('.car-list__filters [role="checkbox"][aria-checked="false"]').first();
    const before = page.url();
    await box.click();
    await page.waitForURL((url) => url.href !== before);
    const after = pairs(page);
    // The list's own parameters stay canonical, together where the first stood; the others keep their place.
    expect(after[0]).toEqual(['utm_source', 'news']);
    expect(after.at(-1)).toEqual(['gclid', 'abc']);
    expect(after.slice(1, -1)).toContainEqual(['car_fuel', 'El']);
    expect(after.slice(1, -1)).toHaveLength(2);

    // Back undoes the filter, with the tags still there.
    await page.goBack();
    await page.waitForURL((url) => url.href === before);
    await page.close();
  });

  it('the issue’s own link keeps utm_source and gclid after hydration; the list’s own parameters become canonical', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('se.localhost', `${LIST}?car_fuel=El&utm_source=news&sortName=relevance&gclid=abc`));
    await listReady(page);
    expect(pairs(page)).toEqual([
      ['car_fuel', 'El'],
      ['utm_source', 'news'],
      ['gclid', 'abc'],
    ]);
    await page.close();
  });

  it('the hero search from a tagged home page lands on a car list whose address still has the tags', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('se.localhost', '/?utm_source=news&foo=bar'));
    const search = page.getByRole('search');
    await search.getByRole('searchbox').fill('Volvo');
    await Promise.all([page.waitForURL(/keyphrase=/), search.getByRole('searchbox').press('Enter')]);
    await listReady(page);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe(marketById('se').paths.heroSearch);
    expect(landed.searchParams.get('keyphrase')).toBe('Volvo');
    expect(landed.searchParams.get('utm_source')).toBe('news');
    expect(landed.searchParams.get('foo')).toBe('bar');
    await page.close();
  });
});

describe('the kits search', () => {
  const KITS = marketById('se').paths.kits;
  const ready = async (page: Page) => {
    await page.locator('[data-island="kits"][data-hydrated="true"]').waitFor();
    await page.locator('.kit-card__open').first().waitFor(); // the cards' buttons come with the client's render
  };

  it('keeps campaign tags in place when a filter is ticked and more kits are shown', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('se.localhost', `${KITS}?utm_source=news&gclid=abc`));
    await ready(page);
    await page.getByRole('link', { name: 'Visa fler' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(pairs(page)).toEqual([
      ['utm_source', 'news'],
      ['gclid', 'abc'],
      ['page', '2'],
    ]);
    const brand = page.locator('input[name="brand"]').first();
    const value = (await brand.getAttribute('value'))!;
    await brand.check();
    await page.waitForURL((url) => url.searchParams.get('brand') === value);
    expect(pairs(page)).toEqual([
      ['utm_source', 'news'],
      ['gclid', 'abc'],
      ['brand', value],
    ]);
    await page.close();
  });

  it('shows the newest search when an older one answers after it', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('se.localhost', KITS));
    await ready(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route('**/api/search', async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue().catch(() => {}); // the page may have given up on it
    });
    const boxes = page.locator('input[name="brand"]');
    const [a, b] = [(await boxes.nth(0).getAttribute('value'))!, (await boxes.nth(1).getAttribute('value'))!];
    const older = page.waitForRequest('**/api/search');
    await boxes.nth(0).check();
    const olderRequest = await older;
    await boxes.nth(1).check();
    await page.waitForURL((url) => url.searchParams.getAll('brand').length === 2);
    const titles = () => page.locator('.kit-card__open').allTextContents();
    await page.waitForFunction(
      (name) => [...document.querySelectorAll('.kit-card__open')].some((el) => el.textContent?.includes(name)),
      b,
    );
    release();
    await olderRequest.response().catch(() => null);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    const shown = await titles();
    expect(shown.some((title) => title.includes(b))).toBe(true);
    expect(shown.every((title) => title.includes(a) || title.includes(b))).toBe(true);
    expect(new URL(page.url()).searchParams.getAll('brand')).toEqual([a, b]);
    await page.close();
  });
});

/** One car of a market's index that is not a sample (a sample asks the shopper to choose a seller). */
async function firstCar(index: string): Promise<{ car_id: string; slug: string }> {
  const res = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      index,
      limit: 1,
      fields: ['car_id', 'slug'],
      filters: [{ field: 'car_is_sample', values: [false] }],
    }),
  });
  return ((await res.json()) as { content: { car_id: string; slug: string }[] }).content[0]!;
}

const LEADS: { market: 'se' | 'fi' | 'uk'; texts: Dictionary; currency: string }[] = [
  { market: 'uk', texts: en, currency: 'GBP' },
  { market: 'fi', texts: fi, currency: 'EUR' },
  { market: 'se', texts: sv, currency: 'SEK' },
];

describe('a car-detail lead’s purchase event', () => {
  it.each(LEADS)('$market: is in $currency', async ({ market, texts, currency }) => {
    const { searchIndexes, paths } = marketById(market);
    const car = await firstCar(searchIndexes.cars);
    const page = await (await session.browser.newContext()).newPage();
    await page.goto(session.url(`${market}.localhost`, `${paths.carDetailBase}/${car.car_id}/${car.slug}`));
    const form = page.locator('[data-island="carContact"][data-hydrated="true"]');
    await form.waitFor();
    await form.getByLabel(texts['carDetail.contactName']).fill('Kim Testsson');
    await form.getByLabel(texts['carDetail.contactPhone']).fill('+46 70 123 45 67');
    await form.getByLabel(texts['carDetail.contactEmail']).fill('kim@example.com');
    await form.getByRole('button', { name: texts['carDetail.contactSubmit'] }).click();
    await expect(form.getByRole('status').textContent()).resolves.toBe(texts['carDetail.contactSuccess']);
    const purchase = await page.evaluate(() =>
      (window.dataLayer ?? []).find((e) => (e as { event: string }).event === 'purchase'),
    );
    expect(purchase).toEqual({
      event: 'purchase',
      ecommerce: { transaction_id: expect.any(String), currency, value: 0 },
    });
    await page.context().close();
  });
});
