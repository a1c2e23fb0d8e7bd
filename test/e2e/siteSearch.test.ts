import type { Page } from 'playwright-core';
import { marketById } from '../../markets/registry.js';
import { countText } from '../../markets/translations/plural.js';
import { sv } from '../../markets/translations/sv.js';
import { SITE_SEARCH_DEBOUNCE_MS } from '../../client/shared/sites/siteListQuery.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { stillClock } from '../support/e2e/pageClock.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';

/**
 * Issue 39: the site list answers as the shopper types (se /anlaggningar, fi /sv/toimipisteet, every market's):
 * debounced (Playwright's clock stands in for the pause), the URL kept in step, the count announced.
 */
const session = browseSharedSite();

const se = marketById('se');
const fi = marketById('fi');

/** The site list of a market on a fresh page whose clock the test moves; the island hydrated. */
async function openSites(host: string, path: string, width: number): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width, height: 900 } });
  // Still: on a loaded machine typing a word can take longer than the debounce.
  await stillClock(page);
  await page.goto(session.url(host, path));
  await page.locator('[data-island="siteList"][data-hydrated="true"]').waitFor();
  return page;
}
const cardNames = (page: Page) => page.locator('.site-card__title').allTextContents();
const status = (page: Page) => page.locator('.site-list').getByRole('status').textContent();
async function severeAxe(page: Page): Promise<string[]> {
  // axe schedules its checks on timers; the still clock would hold them forever.
  await page.clock.resume();
  return severeAxeFindings(page, { include: '.site-list' });
}

describe('site search as you type', () => {
  it.each([390, 1440])(
    'at %i px typing "göteborg" on se narrows the sites without Enter, keeps the URL in step and announces the count',
    async (width) => {
      const page = await openSites(se.devHostname, `${se.paths.siteDetail}?utm_source=print`, width);
      const all = await cardNames(page);
      expect(all.length).toBeGreaterThan(8);
      const box = page.getByRole('searchbox', { name: sv['pages.sitesSearchLabel'] });
      await box.pressSequentially('göteborg');
      // Still typing: nothing searched yet.
      await expect(cardNames(page)).resolves.toEqual(all);
      await page.clock.runFor(SITE_SEARCH_DEBOUNCE_MS);
      await page.waitForFunction((count) => document.querySelectorAll('.site-card').length < count, all.length);
      const found = await cardNames(page);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((name) => name.includes('Göteborg'))).toBe(true);
      expect(all.filter((name) => name.includes('Göteborg'))).toEqual(found);
      await expect(status(page)).resolves.toBe(
        countText(sv['pages.sitesMatching'], se.locales.sv!, found.length, { query: 'göteborg' }),
      );
      const url = new URL(page.url());
      expect(url.pathname).toBe(se.paths.siteDetail);
      expect([url.searchParams.get('q'), url.searchParams.get('utm_source')]).toEqual(['göteborg', 'print']);
      await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      expect(await severeAxe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // A reload shows the same list; Back shows every site again.
      await page.reload();
      await page.locator('[data-island="siteList"][data-hydrated="true"]').waitFor();
      await expect(cardNames(page)).resolves.toEqual(found);
      await page.goBack();
      await page.waitForFunction((count) => document.querySelectorAll('.site-card').length === count, all.length);
      await expect(page.getByRole('searchbox', { name: sv['pages.sitesSearchLabel'] }).inputValue()).resolves.toBe('');
      await page.context().close();
    },
  );

  it('Enter searches at once, Escape empties the box, and "show all" brings every site back', async () => {
    const page = await openSites(se.devHostname, se.paths.siteDetail, 1440);
    const all = await cardNames(page);
    const box = page.getByRole('searchbox', { name: sv['pages.sitesSearchLabel'] });
    await box.fill('Malmö');
    await box.press('Enter');
    await page.waitForFunction((count) => document.querySelectorAll('.site-card').length < count, all.length);
    expect((await cardNames(page)).every((name) => name.includes('Malmö'))).toBe(true);
    await box.press('Escape');
    await expect(box.inputValue()).resolves.toBe('');
    await page.clock.runFor(SITE_SEARCH_DEBOUNCE_MS);
    await page.waitForFunction((count) => document.querySelectorAll('.site-card').length === count, all.length);
    await expect(status(page)).resolves.toBe(countText(sv['pages.sitesCount'], se.locales.sv!, all.length));
    expect(new URL(page.url()).search).toBe('');

    await box.fill('Malmö');
    await box.press('Enter');
    await page.getByRole('link', { name: sv['pages.sitesShowAll'] }).click();
    await page.waitForFunction((count) => document.querySelectorAll('.site-card').length === count, all.length);
    await expect(box.inputValue()).resolves.toBe('');
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.context().close();
  });

  it.each([390, 1440])(
    'at %i px the Finnish site in Swedish searches in Swedish (Åbo) and its language link keeps the words',
    async (width) => {
      const page = await openSites(fi.devHostname, `/sv${fi.paths.siteDetail}`, width);
      const all = await cardNames(page);
      await page.getByRole('searchbox', { name: sv['pages.sitesSearchLabel'] }).pressSequentially('Åbo');
      await page.clock.runFor(SITE_SEARCH_DEBOUNCE_MS);
      await page.waitForFunction((count) => document.querySelectorAll('.site-card').length < count, all.length);
      const found = await cardNames(page);
      // The search matches within words too: Uleåborg is found with Åbo.
      expect(found).toContain('Hedin Bil Åbo');
      expect(found.length).toBeLessThan(all.length);
      await expect(status(page)).resolves.toBe(
        countText(sv['pages.sitesMatching'], fi.locales.sv!, found.length, { query: 'Åbo' }),
      );
      expect(new URL(page.url()).searchParams.get('q')).toBe('Åbo');
      const finnish = page.locator('.language-switch a[hreflang="fi"]');
      await page.waitForFunction(() =>
        document.querySelector('.language-switch a[hreflang="fi"]')?.getAttribute('href')?.includes('q='),
      );
      expect(new URL((await finnish.getAttribute('href'))!, page.url()).searchParams.get('q')).toBe('Åbo');
      await page.context().close();
    },
  );
});
