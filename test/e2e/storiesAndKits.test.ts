import type { Page } from 'playwright-core';
import { marketById } from '../../markets/registry.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';

const session = browseSharedSite();
const se = marketById('se');
const uk = marketById('uk');

const severeViolations = (page: Page) => severeAxeFindings(page);

/** A page in its own context, with what went wrong in it: errors, and requests answered 4xx/5xx. */
async function openPage(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await session.browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

describe('stories list in a real browser', () => {
  it('load-more appends the next stories in place, moves focus to the first new one and keeps the address', async () => {
    const { page, problems, close } = await openPage();
    await page.goto(session.url(se.devHostname, se.paths.stories));
    const cards = page.locator('.stories__list > li');
    await expect(cards.count()).resolves.toBe(4);
    const before = page.url();
    await page.getByRole('link', { name: 'Visa fler' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.stories__list > li').length > 4);
    const count = await cards.count();
    expect(count).toBeGreaterThan(4);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(new URL(page.url()).pathname).toBe(new URL(before).pathname);
    await expect(page.evaluate(() => document.activeElement?.closest('li')?.id)).resolves.toMatch(/-story-4$/);
    await expect(page.locator('.stories__status').textContent()).resolves.toContain(`Visar ${count} av`);
    // Each new card shows its own story's picture in every candidate the browser may pick, not the card it was made from.
    const pictures = await page
      .locator('.stories__list > li img')
      .evaluateAll((images) =>
        images.map((img) => ({ src: (img as HTMLImageElement).src, srcset: (img as HTMLImageElement).srcset })),
      );
    const originalOf = (url: string) => new URL(url, 'http://se.localhost').pathname;
    expect(new Set(pictures.map((p) => originalOf(p.src))).size).toBe(count);
    for (const { src, srcset } of pictures)
      expect(srcset.split(', ').every((candidate) => originalOf(candidate.split(' ')[0]!) === originalOf(src))).toBe(
        true,
      );
    expect(problems).toEqual([]);
    expect(await severeViolations(page)).toEqual([]);
    await close();
  });

  it('works without JavaScript: chips and load-more are links the server answers', async () => {
    const { page, close } = await openPage({ javaScriptEnabled: false });
    await page.goto(session.url(se.devHostname, se.paths.stories));
    await page.getByRole('link', { name: 'Visa fler' }).click();
    await page.waitForURL(/page=2/);
    // The next page, where the link points (a deep link is rendered with its own page alone).
    await expect(page.locator('.stories__list > li').first().getAttribute('id')).resolves.toMatch(/-story-4$/);
    expect(new URL(page.url()).hash).toMatch(/-story-4$/);
    const chip = page.locator('.stories__tags a').nth(1);
    const tag = (await chip.textContent())!;
    await chip.click();
    await page.waitForURL(/tag=/);
    await expect(page.locator(`.stories__tags a[aria-current="true"]`).textContent()).resolves.toBe(tag);
    await close();
  });
});

describe('campaign tags on the stories list', () => {
  // Issue 49 part 5: as the car list's links do, a tag chip keeps the address's other parameters where they stood;
  // the server's chips (a cached page's) can only carry the parameters pages read.
  it("a tag chip, and 'all' after it, keep utm_source and gclid in place and start from the first page", async () => {
    const { page, problems, close } = await openPage();
    const pairs = () => [...new URL(page.url()).searchParams];
    await page.goto(session.url(se.devHostname, `${se.paths.stories}?utm_source=news&page=2&gclid=abc`));
    const chips = page.locator('.stories__tags a');
    const kept = () =>
      page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('.stories__tags a')].every((chip) =>
          chip.href.includes('utm_source=news'),
        ),
      );
    await kept();
    const tag = (await chips.nth(1).textContent())!;
    await Promise.all([page.waitForURL(/tag=/), chips.nth(1).click()]);
    expect(pairs()).toEqual([
      ['utm_source', 'news'],
      ['tag', tag],
      ['gclid', 'abc'],
    ]);
    await expect(page.locator('.stories__tags a[aria-current="true"]').textContent()).resolves.toBe(tag);
    await kept();
    await Promise.all([page.waitForURL((url) => !url.searchParams.has('tag')), chips.first().click()]);
    expect(pairs()).toEqual([
      ['utm_source', 'news'],
      ['gclid', 'abc'],
    ]);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('deep links to a list in a real browser', () => {
  it.each([
    ['stories', se.paths.stories, '.stories__list > li', 4],
    ['kits', se.paths.kits, '.kits__list > li', 48],
  ])(
    '%s ?page=2 shows every item up to that page, the ones the server sent kept in place',
    async (_name, path, item, pageSize) => {
      const { page, problems, close } = await openPage();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/(stories|search)/, async (route) => (await held, route.continue()));
      await page.goto(session.url(se.devHostname, `${path}?page=2`));
      const items = page.locator(item);
      await expect(items.count()).resolves.toBeLessThanOrEqual(pageSize);
      const first = await items
        .first()
        .evaluate((el) => ({ text: el.textContent, top: el.getBoundingClientRect().top }));
      release();
      await page.waitForFunction(
        ([selector, size]) => document.querySelectorAll(selector as string).length > (size as number),
        [item, pageSize],
      );
      expect(await items.nth(pageSize).evaluate((el) => el.textContent)).toBe(first.text);
      expect(
        Math.abs((await items.nth(pageSize).evaluate((el) => el.getBoundingClientRect().top)) - first.top),
      ).toBeLessThanOrEqual(2);
      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('kits page in a real browser', () => {
  it('opens a kit in a modal dialog with focus inside, and Escape returns focus to the card', async () => {
    const { page, problems, close } = await openPage();
    await page.goto(session.url(uk.devHostname, uk.paths.kits));
    await page.locator('[data-island="kits"][data-hydrated="true"]').waitFor();
    const opener = page.locator('.kit-card__open').first();
    const name = (await opener.textContent())!;
    await opener.click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Close');
    expect(await severeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(name);
    expect(problems).toEqual([]);
    await close();
  });

  it('filters at a tick, keeps the filter in the address, and shows more in place', async () => {
    const { page, problems, close } = await openPage();
    await page.goto(session.url(se.devHostname, se.paths.kits));
    await page.locator('[data-island="kits"][data-hydrated="true"]').waitFor();
    await expect(page.locator('.kit-card').count()).resolves.toBe(48);
    await page.getByRole('link', { name: 'Visa fler' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.kit-card').length > 48);
    await expect(page.evaluate(() => document.activeElement?.classList.contains('kit-card__open'))).resolves.toBe(true);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    const brand = page.locator('input[name="brand"]').first();
    const value = (await brand.getAttribute('value'))!;
    await brand.check();
    await page.waitForURL((url) => url.searchParams.get('brand') === value);
    await expect(page.locator('.kit-card').count()).resolves.toBeGreaterThan(0);
    for (const title of await page.locator('.kit-card__open').allTextContents()) expect(title).toContain(value);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('story and site pages in a real browser', () => {
  it.each([
    ['site list with its search box', se.paths.siteDetail],
    ['stories list', se.paths.stories],
  ])('%s: no serious or critical axe violation', async (_name, path) => {
    const { page, close } = await openPage();
    await page.goto(session.url(se.devHostname, path));
    expect(await severeViolations(page)).toEqual([]);
    await close();
  });

  it('story: no serious or critical axe violation', async () => {
    const { page, close } = await openPage();
    await page.goto(session.url(se.devHostname, se.paths.stories));
    await page.goto(
      session.url(se.devHostname, (await page.locator('.story-card__link').first().getAttribute('href'))!),
    );
    await expect(page.locator('h1.story-header__title').count()).resolves.toBe(1);
    expect(await severeViolations(page)).toEqual([]);
    await close();
  });

  it('site page: no serious or critical axe violation', async () => {
    const { page, close } = await openPage();
    await page.goto(session.url(uk.devHostname, uk.paths.siteDetail));
    const first = await page.locator('.site-card__link').first().getAttribute('href');
    await page.goto(session.url(uk.devHostname, first!));
    await expect(page.locator('h1').textContent()).resolves.toBeTruthy();
    // With its map loaded, so Leaflet's own controls are checked too (not only when it happens to be in time).
    await page.locator('.lazy-map').scrollIntoViewIfNeeded();
    await page.locator('.lazy-map[data-map-status="ready"] .leaflet-control-attribution').waitFor();
    expect(await severeViolations(page)).toEqual([]);
    await close();
  });
});
