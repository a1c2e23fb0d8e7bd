import { jest } from '@jest/globals';
import { MARKETS } from '../../markets/registry.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { SWEEP_DEADLINE_MS } from '../support/e2e/deadlines.js';

const session = browseSharedSite();
jest.setTimeout(SWEEP_DEADLINE_MS); // every link of a market a test

interface Followed {
  href: string;
  status: number;
  final: string;
}

describe('no dead ends in a real browser', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s: every link of the navigation, the footer and the home page ends on a 200 page',
    async (_id, market) => {
      const page = await session.browser.newPage();
      const home = await page.goto(session.url(market.devHostname, '/'));
      expect(home?.status()).toBe(200);
      const origin = new URL(page.url()).origin;
      // Every link the shopper can follow from the header (navigation, language switch), the footer and the page itself.
      const hrefs = await page.$$eval('header a[href], footer a[href], main a[href]', (links) =>
        links.map((a) => (a as HTMLAnchorElement).href),
      );
      const internal = [...new Set(hrefs.map((href) => href.split('#')[0]!))].filter((href) =>
        href.startsWith(`${origin}/`),
      );
      expect(internal.length).toBeGreaterThan(20);

      // Followed as the browser follows a click (redirects included), a few at a time.
      const followed: Followed[] = [];
      for (let i = 0; i < internal.length; i += 8) {
        followed.push(
          ...(await page.evaluate(
            (batch) =>
              Promise.all(
                batch.map(async (href) => {
                  const res = await fetch(href, { headers: { accept: 'text/html,*/*' } });
                  await res.arrayBuffer();
                  return { href, status: res.status, final: res.url };
                }),
              ),
            internal.slice(i, i + 8),
          )),
        );
      }
      expect(followed.filter((f) => f.status !== 200)).toEqual([]);

      // And one real click through the main navigation lands on its page.
      const first = page.locator('.main-nav a[href]').first();
      const target = await first.getAttribute('href');
      const [response] = await Promise.all([
        page.waitForNavigation(),
        first.evaluate((a) => (a as HTMLAnchorElement).click()),
      ]);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(new URL(target!, origin).pathname);
      await page.close();
    },
  );
});
