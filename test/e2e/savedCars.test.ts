import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { marketById } from '../../markets/registry.js';
import { sv } from '../../markets/translations/sv.js';
import { chromiumPath } from '../../scripts/stack/browser.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';

// Saved cars (issue 39): kept in the browser, pressed wherever the car shows, listed on /sparade-bilar.
const session = browseSharedSite();

const SE = marketById('se');
const SAVED_PAGE = SE.paths.savedCars;
/** A car the search does not have (sold since it was saved), as the store keeps it. */
const SOLD = {
  id: '999999',
  slug: 'volvo-v70-d4-2012',
  brand: 'Volvo',
  model: 'V70',
  variant: 'D4',
  year: 2012,
  image: '/media/cars/999999/1.jpg',
  price: 99_000,
  currency: 'SEK',
  at: 1,
};

const saveToggle = (scope: Page | ReturnType<Page['locator']>, car: string) =>
  scope.getByRole('button', { name: `${sv['saved.toggle']}: ${car}`, exact: true });
const headerCount = (page: Page) => page.locator('.site-header [data-saved-count]');
const savedList = (page: Page) => page.locator('.saved-cars__list');

async function openCarList(page: Page): Promise<void> {
  await page.goto(session.url(SE.devHostname, SE.paths.carList));
  await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
}
async function openSavedPage(page: Page): Promise<void> {
  await page.goto(session.url(SE.devHostname, SAVED_PAGE));
  await page.locator('[data-island="savedCars"][data-hydrated="true"]').waitFor();
}
/** The save toggle of the n-th card of the car list, and the car it names ('Volvo XC60 B4 (2022)'). */
async function cardToggle(page: Page, n: number) {
  const toggle = page.locator('.car-grid > li').nth(n).locator('.save-toggle');
  const label = (await toggle.getAttribute('aria-label')) ?? '';
  expect(label).toMatch(new RegExp(`^${sv['saved.toggle']}: .+ \\(\\d{4}\\)$`));
  return { toggle, name: label.slice(`${sv['saved.toggle']}: `.length) };
}
/** Another tab of the same browser (one localStorage) saves a car by hand, as the store would. */
const storeSaved = (page: Page, cars: unknown[]) =>
  page.evaluate((value) => localStorage.setItem('savedCars', JSON.stringify(value)), cars);

describe('saved cars in a browser', () => {
  let context: BrowserContext;
  beforeEach(async () => {
    context = await session.browser.newContext();
  });
  afterEach(() => context.close());

  it('a car saved from the se car list is on the Sparade bilar page after a reload, its button pressed; unsaving releases it everywhere', async () => {
    const page = await context.newPage();
    await openCarList(page);
    const { toggle, name } = await cardToggle(page, 0);
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(headerCount(page).isHidden()).resolves.toBe(true);

    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(headerCount(page).textContent()).resolves.toBe('1');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `${name} är sparad` })
        .count(),
    ).resolves.toBe(1);

    await page.getByRole('link', { name: /^Sparade bilar/ }).click();
    await page.locator('[data-island="savedCars"][data-hydrated="true"]').waitFor();
    await page.reload();
    await page.locator('[data-island="savedCars"][data-hydrated="true"]').waitFor();
    const listed = saveToggle(savedList(page), name);
    await listed.waitFor();
    await expect(listed.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(savedList(page).getByRole('heading', { level: 2 }).innerText()).resolves.toContain(name.split(' ')[0]);
    await expect(page.getByText('1 sparad bil', { exact: true }).count()).resolves.toBe(1);

    // Unsaved here: the card stays (one more press undoes it), released, and the count goes.
    await listed.click();
    await expect(listed.getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(headerCount(page).isHidden()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('savedCars'))).resolves.toBe('[]');
    await page.reload();
    await page.locator('[data-island="savedCars"][data-hydrated="true"]').waitFor();
    await expect(page.getByText(sv['saved.empty']).isVisible()).resolves.toBe(true);
    await openCarList(page);
    await expect((await cardToggle(page, 0)).toggle.getAttribute('aria-pressed')).resolves.toBe('false');
  });

  it('a second tab sees a car saved and unsaved in the first, without a reload', async () => {
    const list = await context.newPage();
    const saved = await context.newPage();
    await openCarList(list);
    await openSavedPage(saved);
    await expect(saved.getByText(sv['saved.empty']).isVisible()).resolves.toBe(true);

    const { toggle, name } = await cardToggle(list, 1);
    await toggle.click();
    const listed = saveToggle(savedList(saved), name);
    await listed.waitFor();
    await expect(listed.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(headerCount(saved).textContent()).resolves.toBe('1');

    await listed.click();
    await list.waitForFunction(
      () =>
        document.querySelectorAll('.car-grid > li')[1]?.querySelector('.save-toggle')?.getAttribute('aria-pressed') ===
        'false',
    );
    await expect(headerCount(list).isHidden()).resolves.toBe(true);
  });

  it('marks a car sold since it was saved as no longer for sale, with no link, and takes it off on request', async () => {
    const page = await context.newPage();
    await page.goto(session.url(SE.devHostname, '/demo'));
    await storeSaved(page, [SOLD]);
    await openSavedPage(page);
    const card = page.locator('.kept-card--gone');
    await card.waitFor();
    await expect(card.innerText()).resolves.toContain(sv['saved.gone']);
    await expect(card.getByRole('link').count()).resolves.toBe(0);
    await expect(headerCount(page).textContent()).resolves.toBe('1');

    await card.getByRole('button', { name: `${sv['saved.remove']}: Volvo V70 D4 (2012)` }).click();
    await expect(card.count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
    await expect(page.evaluate(() => localStorage.getItem('savedCars'))).resolves.toBe('[]');
  });

  it('presses the toggles of server-rendered cards and the car page, and lists the cars viewed before on a car page', async () => {
    const page = await context.newPage();
    await openCarList(page);
    const first = await page.locator('.car-grid .car-card__link').nth(0).getAttribute('href');
    const second = await page.locator('.car-grid .car-card__link').nth(1).getAttribute('href');
    await page.goto(session.url(SE.devHostname, first!));
    await page.waitForLoadState('networkidle');
    const onCarPage = page.locator('.car-detail__actions .save-toggle');
    const title = (await onCarPage.getAttribute('aria-label'))!.slice(`${sv['saved.toggle']}: `.length);
    expect(title).toContain((await page.locator('h1').innerText()).replace(/\s+/g, ' ').trim());
    await onCarPage.click();
    await expect(onCarPage.getAttribute('aria-pressed')).resolves.toBe('true');
    // A similar car's card is server-rendered: its toggle runs without React.
    const similar = page.locator('.car-similar:not(.recent-cars) .save-toggle').first();
    await similar.click();
    await expect(similar.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(headerCount(page).textContent()).resolves.toBe('2');

    await page.goto(session.url(SE.devHostname, second!));
    const recent = page.locator('.recent-cars');
    await recent.waitFor();
    await expect(recent.getByRole('heading', { level: 2 }).innerText()).resolves.toBe(sv['saved.recentTitle']);
    await expect(saveToggle(recent, title).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(recent.locator('.car-card').count()).resolves.toBe(1);
  });

  /** Opens the car list with the scripts matching `held` held back until `release` is called. */
  async function openWithHeldScripts(page: Page, held: string): Promise<() => void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(held, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(session.url(SE.devHostname, SE.paths.carList), { waitUntil: 'commit' });
    await page.locator('.car-grid > li').first().locator('.save-toggle').waitFor();
    return release;
  }

  it('a tap on Spara while the page is still arriving (before any script of ours ran) is shown at once and saves the car', async () => {
    const page = await context.newPage();
    const release = await openWithHeldScripts(page, '**/assets/enhance-*.js');
    const { toggle, name } = await cardToggle(page, 0);
    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.evaluate(() => localStorage.getItem('savedCars'))).resolves.toBeNull();
    release();
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('savedCars') ?? '[]') as unknown[]).length === 1);
    await expect(headerCount(page).textContent()).resolves.toBe('1');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `${name} är sparad` })
        .count(),
    ).resolves.toBe(1);
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('an early tap does what the toggle showed: a car already saved stays saved, a second tap takes the first back', async () => {
    const page = await context.newPage();
    await openCarList(page);
    const saved = await cardToggle(page, 0);
    const other = await cardToggle(page, 1);
    await saved.toggle.click();
    const release = await openWithHeldScripts(page, '**/assets/enhance-*.js');
    // Before the script, the page does not know the first car is saved: its toggle shows unpressed and is pressed.
    await expect(saved.toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await saved.toggle.click();
    await other.toggle.click();
    await other.toggle.click();
    await expect(other.toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-enhanced'));
    await expect(saved.toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(other.toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    const ids = await page.evaluate(() =>
      (JSON.parse(localStorage.getItem('savedCars') ?? '[]') as { id: string }[]).map((car) => car.id),
    );
    expect(ids).toHaveLength(1);
    await expect(headerCount(page).textContent()).resolves.toBe('1');
  });

  it('a tap on Spara after load, while the list island has not hydrated yet, saves the car', async () => {
    const page = await context.newPage();
    const release = await openWithHeldScripts(page, '**/assets/island-carList-*.js');
    await page.waitForLoadState('load');
    const { toggle, name } = await cardToggle(page, 2);
    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(headerCount(page).textContent()).resolves.toBe('1');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `${name} är sparad` })
        .count(),
    ).resolves.toBe(1);
    release();
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('has no serious axe finding on the saved-cars page, and fits a 390 px phone', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openCarList(page);
    await (await cardToggle(page, 0)).toggle.click();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('savedCars')!) as unknown[]);
    await storeSaved(page, [...stored, SOLD]);
    await openSavedPage(page);
    await page.locator('.kept-card--gone').waitFor();
    await savedList(page).locator('.save-toggle').waitFor();

    await expect(severeAxeFindings(page)).resolves.toEqual([]);

    // No sideways scroll; the header stays one row (about 60 px) with the heart and count inside the screen.
    const fits = await page.evaluate(() => {
      const link = document.querySelector('.site-header .saved-link')!.getBoundingClientRect();
      return {
        sideways: document.documentElement.scrollWidth > window.innerWidth,
        oneRow: document.querySelector('.site-header')!.getBoundingClientRect().height < 80,
        linkOnScreen: link.left >= 0 && link.right <= window.innerWidth && link.width >= 44,
      };
    });
    expect(fits).toEqual({ sideways: false, oneRow: true, linkOnScreen: true });
  });
});

describe('saved cars and the back/forward cache', () => {
  let browser: Browser;
  beforeAll(async () => {
    // Playwright turns the cache off by default (--disable-back-forward-cache); a shopper's Chromium has it on.
    // The whole browser, not the tests' headless shell: the shell has no back/forward cache (reason 'masked').
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  });
  afterAll(() => browser?.close());

  it('brings the car list back from the cache after another tab saved a car, its count and toggle caught up', async () => {
    const context = await browser.newContext();
    const list = await context.newPage();
    await list.addInitScript(() => {
      const shows: boolean[] = [];
      Object.assign(window, { __shows: shows });
      addEventListener('pageshow', (event) => shows.push(event.persisted));
    });
    await openCarList(list);
    const { name } = await cardToggle(list, 0);
    await list.evaluate(() => (window as unknown as { __shows: boolean[] }).__shows.splice(0));
    // Away to another site: the list goes into the cache; meanwhile another tab saves its first car.
    await list.goto(session.url('no.localhost', '/'));
    const other = await context.newPage();
    await openCarList(other);
    await (await cardToggle(other, 0)).toggle.click();
    await expect(headerCount(other).textContent()).resolves.toBe('1');

    await list.goBack({ waitUntil: 'commit' });
    await list.waitForFunction(() => (window as unknown as { __shows?: boolean[] }).__shows?.length);
    const restored = await list.evaluate(() => ({
      restored: (window as unknown as { __shows: boolean[] }).__shows[0] === true,
      reasons:
        (
          performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
            notRestoredReasons?: unknown;
          }
        )?.notRestoredReasons ?? null,
    }));
    expect(restored).toEqual({ restored: true, reasons: null });
    await expect(headerCount(list).textContent()).resolves.toBe('1');
    await expect((await cardToggle(list, 0)).toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    expect((await cardToggle(list, 0)).name).toBe(name);
    await context.close();
  });
});
