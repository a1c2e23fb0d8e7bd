import { AxeBuilder } from '@axe-core/playwright';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { MARKETS } from '../../markets/registry.js';
import { startBrowserSession } from '../support/browserSession.js';
import { everyPageType, pageLabel, settledPage } from '../support/everyPageType.js';

const session = startBrowserSession();
jest.setTimeout(600_000); // a dozen pages per market, axe twice on each

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 1000 };

/**
 * Every axe rule, and the experimental ones Lighthouse's accessibility audit turns on too: among them
 * label-content-name-mismatch (WCAG 2.5.3), which the header logo broke on every page.
 */
const EXPERIMENTAL_RULES_LIGHTHOUSE_RUNS = ['label-content-name-mismatch', 'table-fake-caption', 'td-has-header'];

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL_RULES_LIGHTHOUSE_RUNS.map((id) => [id, { enabled: true }]));
  const results = await new AxeBuilder({ page }).options({ rules }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe-core) of every page type of every market, on a phone and a desktop', () => {
  it.each(MARKETS.map((market) => [market.id, market]))('%s: no serious or critical violation at 390 or 1440 px', async (_id, market) => {
    const pages = await everyPageType({ url: session.url('localhost', '') }, [market]);
    const severe: string[] = [];
    for (const sample of pages) {
      const context = await session.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const answer = await page.goto(session.url(market.devHostname, sample.path));
      expect([pageLabel(sample), answer?.status()]).toEqual([pageLabel(sample), sample.status]);
      await settledPage(page);
      severe.push(...(await seriousViolations(page, `${pageLabel(sample)} (${sample.path}) at ${PHONE.width}`)));
      // The same document at a desktop width: media queries switch the header, menus and grids.
      await page.setViewportSize(DESKTOP);
      severe.push(...(await seriousViolations(page, `${pageLabel(sample)} (${sample.path}) at ${DESKTOP.width}`)));
      await context.close();
    }
    expect(pages.length).toBeGreaterThanOrEqual(11);
    expect(severe).toEqual([]);
  });
});
