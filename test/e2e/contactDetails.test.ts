import { jest } from '@jest/globals';
import { MARKETS } from '../../markets/registry.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { samplePages } from '../../scripts/stack/samplePages.js';
import { SWEEP_DEADLINE_MS } from '../support/e2e/deadlines.js';

const session = browseSharedSite();
jest.setTimeout(SWEEP_DEADLINE_MS); // every page of a market's sitemap a test

/** The e-mail addresses in a text at a placeholder domain: `kundservice@bilgruppen.example`, `a@example.se`. */
const placeholderAddresses = (text: string) =>
  text
    .split(/[^\w.@+-]+/)
    .filter((word) => word.includes('@') && word.split('@')[1]!.toLowerCase().split('.').includes('example'));

describe('contact details a shopper can use', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s: no page names a placeholder e-mail address, in its text or in the texts its islands show later',
    async (_id, market) => {
      const page = await session.browser.newPage();
      await page.goto(session.url(market.devHostname, '/'));
      // Every page of the sitemap (content pages in every language, sites, stories) and one of every other type.
      const sitemap = await page.evaluate(async () => (await fetch('/sitemap-pages.xml')).text());
      const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      const sampled = (await samplePages({ url: session.url('localhost', '') }, market)).pages.map((p) => p.path);
      const paths = [...new Set([...sampled, ...listed])];
      expect(paths.length).toBeGreaterThan(10);

      const found: string[] = [];
      for (let i = 0; i < paths.length; i += 8) {
        // The whole HTML: visible text and the island props, which hold the texts shown after a click (a booking's failure).
        const pages = await page.evaluate(
          (batch) => Promise.all(batch.map(async (path) => ({ path, html: await (await fetch(path)).text() }))),
          paths.slice(i, i + 8),
        );
        for (const { path, html } of pages)
          for (const address of placeholderAddresses(html)) found.push(`${path}: ${address}`);
      }
      expect([...new Set(found)]).toEqual([]);
      await page.close();
    },
  );
});
