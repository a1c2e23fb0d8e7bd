import type { Page } from 'playwright-core';
import { browseSharedSite } from '../support/e2e/sharedSite.js';

const session = browseSharedSite();

/** Collects every CSP violation the page reports (the browser's securitypolicyviolation event), from before its first script. */
async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe('islands in a real browser', () => {
  it('hydrates the demo island so a click changes its state, with no CSP violation', async () => {
    const page = await session.browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    const cspViolations = await watchCspViolations(page);
    await page.goto(session.url('se.localhost', '/demo'));
    const counter = page.locator('[data-island="counter"]');
    await page.locator('[data-island="counter"][data-hydrated="true"]').waitFor();
    const output = counter.locator('output');
    await expect(output.textContent()).resolves.toBe('0');
    await counter.getByRole('button', { name: 'Öka' }).click();
    await counter.getByRole('button', { name: 'Öka' }).click();
    await counter.getByRole('button', { name: 'Minska' }).click();
    await expect(output.textContent()).resolves.toBe('1');
    expect(problems).toEqual([]);
    await expect(cspViolations()).resolves.toEqual([]);
    await page.close();
  });

  it("hydrates the car list (React, shared chunks, JSON props) under script-src self and the head scripts' hashes with no CSP report", async () => {
    const page = await session.browser.newPage();
    const cspViolations = await watchCspViolations(page);
    const response = await page.goto(session.url('se.localhost', '/kop-bil/sok-bil'));
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[\w+/=]+'){5};/);
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    await expect(cspViolations()).resolves.toEqual([]);
    await page.close();
  });

  it('loads only the small enhance and field-data scripts (the alert gate is inline), and no React, on a page without islands', async () => {
    const page = await session.browser.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(session.url('uk.localhost', '/'));
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    expect(scripts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/rum-[\w-]+\.js$/),
      ]),
    );
    // The enhance script's own small chunks (saved cars' header count and toggles) come along; never React, the
    // islands' hydration or an island.
    expect(scripts.filter((src) => /\/(react|hydrateIslands|island-\w+)-/.test(src))).toEqual([]);
    await page.close();
  });

  it("asks for no island's script before the page has loaded, so the LCP picture does not share the line with hydration", async () => {
    const page = await session.browser.newPage();
    await page.goto(session.url('se.localhost', '/kop-bil/sok-bil'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const early = await page.evaluate(() => {
      const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      return performance
        .getEntriesByType('resource')
        .filter((r) => /\/(react|island-\w+|hydrateIslands)-[\w-]+\.js$/.test(r.name) && r.startTime < loaded)
        .map((r) => r.name);
    });
    expect(early).toEqual([]);
    await page.close();
  });

  it('hydrates at once when the shopper presses a key while a picture is still loading', async () => {
    const page = await session.browser.newPage();
    const held: (() => Promise<void>)[] = [];
    await page.route(
      (url) => url.pathname.startsWith('/media/'),
      (route) => void held.push(() => route.continue().catch(() => undefined)),
    );
    await page.goto(session.url('se.localhost', '/kop-bil/sok-bil'), { waitUntil: 'domcontentloaded' });
    await page.keyboard.press('Tab');
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    // The pictures are still held, so the page has not loaded: the key brought the scripts.
    await expect(page.evaluate(() => document.readyState)).resolves.not.toBe('complete');
    await Promise.all(held.map((release) => release()));
    await page.close();
  });
});
