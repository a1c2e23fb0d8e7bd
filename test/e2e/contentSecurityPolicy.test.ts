import { jest } from '@jest/globals';
import { MARKETS } from '../../markets/registry.js';
import { startBrowserSession } from '../support/browserSession.js';
import { everyPageType, pageLabel, settledPage } from '../support/everyPageType.js';

const session = startBrowserSession();
jest.setTimeout(300_000); // a dozen pages per market, each until its network is idle

/**
 * The page's Content-Security-Policy (script-src 'self', no 'unsafe-eval') holds in Chromium: no page of any
 * type logs a violation. A violation is reported even when the script catches the refusal (zod's JIT probe
 * `new Function('')` did, on every page with a form), so the `securitypolicyviolation` event is what counts.
 */
describe('Content-Security-Policy in a real browser', () => {
  it.each(MARKETS.map((market) => [market.id, market]))('%s: no page type logs a CSP violation', async (_id, market) => {
    const pages = await everyPageType({ url: session.url('localhost', '') }, [market]);
    const violations: string[] = [];
    for (const sample of pages) {
      const page = await session.browser.newPage();
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      page.on('console', (message) => {
        if (/CSP violation|Content Security Policy/i.test(message.text())) violations.push(`${pageLabel(sample)} (${sample.path}): ${message.text()}`);
      });
      const answer = await page.goto(session.url(market.devHostname, sample.path));
      expect([pageLabel(sample), answer?.status()]).toEqual([pageLabel(sample), sample.status]);
      await settledPage(page);
      await page.close();
    }
    expect(pages.length).toBeGreaterThanOrEqual(11);
    expect(violations).toEqual([]);
  });
});
