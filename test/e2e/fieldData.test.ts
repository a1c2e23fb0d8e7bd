import { startBrowserSession } from '../support/browserSession.js';
import { eventually } from '../support/e2e/eventually.js';

const session = startBrowserSession();

describe('field data in a real browser', () => {
  it('sends the page view’s Core Web Vitals with sendBeacon when the page is left, counted by market and page type', async () => {
    const page = await session.browser.newPage();
    await page.goto(session.url('se.localhost', '/'));
    await page.waitForLoadState('load');
    await page.locator('h1').first().click(); // an interaction, for INP
    await page.goto(session.url('se.localhost', '/om-oss'));
    const counted = [
      /bff_rum_ttfb_seconds_count\{market="se",page_type="home"\} [1-9]/,
      /bff_rum_lcp_seconds_count\{market="se",page_type="home"\} [1-9]/,
    ];
    const metrics = await eventually(
      async () => (await fetch(session.metricsUrl())).text(),
      (text) => counted.every((line) => line.test(text)),
    );
    for (const line of counted) expect(metrics).toMatch(line);
    await page.close();
  });
});
