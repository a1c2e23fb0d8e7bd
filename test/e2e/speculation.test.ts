import type { Page, Request } from 'playwright-core';
import {
  CONTENT_PREVIEW_QUERY,
  CONTENT_SANDBOX_PREVIEW_TOKEN,
  END_PREVIEW_QUERY,
} from '../../contracts/upstream/content.js';
import { startBrowserSession } from '../support/browserSession.js';
import { eventually } from '../support/e2e/eventually.js';

// The next page fetched before the click (issue 38): speculation rules on every page. Chromium does not prerender
// while a debugger is attached (PrerenderingDisabledByDevTools), so under Playwright a hovered link's page is
// prefetched, the step before prerendering: the click opens it from that prefetch. test/bench/speculation.bench.ts
// drives Chromium without a debugger on the page and measures the prerendered page.
const session = startBrowserSession({ PAGE_CACHE: 'true' });

/** The car list, hydrated, and every request a speculation made (`Sec-Purpose: prefetch…`). */
async function carList(): Promise<{ page: Page; speculative: () => string[] }> {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const seen: Request[] = [];
  page.on('request', (req) => seen.push(req));
  await page.goto(session.url('se.localhost', '/kop-bil/sok-bil'));
  await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
  const speculative = () =>
    seen.filter((req) => /prefetch/.test(req.headers()['sec-purpose'] ?? '')).map((req) => new URL(req.url()).pathname);
  return { page, speculative };
}

/** What `read` lists once it lists anything. */
const firstSeen = <T>(read: () => T[]) => eventually(read, (seen) => seen.length > 0);

describe('speculation rules', () => {
  it('fetches a hovered car card’s page before the click, and the click opens it from there', async () => {
    const { page, speculative } = await carList();
    const link = page.locator('.car-card__link').nth(3);
    const href = (await link.getAttribute('href'))!;
    await link.hover();
    expect(await firstSeen(speculative)).toEqual([href]);
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    const navigation = await page.evaluate(() => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
        deliveryType?: string;
        activationStart?: number;
      };
      return { deliveryType: entry.deliveryType, prerendered: (entry.activationStart ?? 0) > 0 };
    });
    expect(navigation.deliveryType === 'navigational-prefetch' || navigation.prerendered).toBe(true);
    await page.close();
  });

  it('fetches nothing for a filter link, which the list handles in the page', async () => {
    const { page, speculative } = await carList();
    const filter = page.locator('.facet__value').first();
    await filter.scrollIntoViewIfNeeded();
    await filter.hover();
    // Twice the time Chromium waits on a hovered link (200 ms) before it fetches it.
    await page.waitForTimeout(400);
    const card = page.locator('.car-card__link').first();
    await card.hover();
    const fetched = await firstSeen(speculative);
    expect(fetched).toEqual([await card.getAttribute('href')]);
    await page.close();
  });

  it('writes no rules on a page in editing mode', async () => {
    const page = await session.browser.newPage();
    await page.goto(session.url('se.localhost', `/?${CONTENT_PREVIEW_QUERY}=${CONTENT_SANDBOX_PREVIEW_TOKEN}`));
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(0);
    await page.goto(session.url('se.localhost', `/?${END_PREVIEW_QUERY}`));
    await page.goto(session.url('se.localhost', '/'));
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(1);
    await page.close();
  });
});
