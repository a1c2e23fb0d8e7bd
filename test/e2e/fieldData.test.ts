import { startBrowserSession } from '../support/browserSession.js';

const session = startBrowserSession();

/** Polls `read` until `accept` holds (or the time is up), returning the last value read. */
async function eventually<T>(
  read: () => Promise<T> | T,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
