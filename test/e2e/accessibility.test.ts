import { AxeBuilder } from '@axe-core/playwright';
import { marketById } from '../../markets/registry.js';
import { startBrowserSession } from '../support/browserSession.js';
import { samplePages, type SamplePage } from '../support/samplePages.js';

const session = startBrowserSession();
const sweden = marketById('se');
/** Every page type issues #6 and #7 name; each is found on the running site (sitemap, /api/search). */
const PAGE_TYPES = ['home', 'content page', 'story', 'site list', 'site', 'kits', 'car list', 'car detail', 'booking', 'tire hotel'];
let pages: SamplePage[] = [];

beforeAll(async () => {
  // The session names market hosts only; `localhost` is the BFF's own origin.
  pages = (await samplePages({ url: session.url('localhost', '') }, sweden)).pages;
});

describe('accessibility (axe-core, WCAG 2 A and AA) of every page type, on a phone', () => {
  it.each(PAGE_TYPES)('%s: no serious or critical violation', async (type) => {
    const sample = pages.find((p) => p.name === type);
    if (!sample) return console.warn(`accessibility: skipped the ${type}: no such page was found (not built yet?)`);
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const answer = await page.goto(session.url(sweden.devHostname, sample.path));
    if (answer?.status() === 404) {
      await context.close();
      return console.warn(`accessibility: skipped the ${type} (${sample.path}): it answers 404 (not built yet?)`);
    }
    expect(answer?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    await context.close();
    expect(severe.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
