import type { Browser, Page } from 'playwright-core';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import type { RunningBff } from '../../server/start.js';
import { marketUrl } from './testStack.js';
import { everyPageType, pageLabel, settledPage, type MarketPage } from './everyPageType.js';
import { severeAxeFindings } from './e2e/axeFindings.js';
import { phoneLayoutProblems } from './e2e/phoneLayout.js';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 1000 };

/** What one visit of one page at one width saw. */
export interface PageVisit {
  page: MarketPage;
  /** 'se car list (/bilar) at 390' */
  where: string;
  width: number;
  status: number | undefined;
  /** The document as the server sent it (the navigation's own answer). */
  servedHtml: string;
  /** The document once its islands hydrated, serialised as the browser holds it. */
  hydratedHtml: string;
  /** axe's serious and critical findings, one line each. */
  severeAxe: string[];
  /** At the phone's width: sideways scroll, a header taller than one row, the header painted over (phoneLayout.ts). */
  phoneLayout: string[];
  /** Content-Security-Policy violations, from the securitypolicyviolation event and Chromium's console. */
  cspViolations: string[];
}

/**
 * Visits every page type of every market (test/support/everyPageType.ts) once at each width, in one
 * browser context and tab per width (assets cached between pages, as for a shopper browsing), and gathers on that
 * one visit what every checker needs: CSP violations from the navigation on, axe once the islands have
 * hydrated, and the document as served and as hydrated for the Nu HTML Checker; at the phone's width then the
 * layout a shopper on a phone meets, at the top and scrolled.
 */
export async function sweepEveryPageType(
  bff: Pick<RunningBff, 'url'>,
  browser: Browser,
  widths = [PHONE, DESKTOP],
  markets: readonly Market[] = MARKETS,
): Promise<PageVisit[]> {
  const pages = await everyPageType(bff, markets);
  // The widths side by side: while one tab waits for its network to go quiet, the other has the cores.
  return (await Promise.all(widths.map((viewport) => sweepAtWidth(bff, browser, pages, viewport)))).flat();
}

async function sweepAtWidth(
  bff: Pick<RunningBff, 'url'>,
  browser: Browser,
  pages: MarketPage[],
  viewport: typeof PHONE,
): Promise<PageVisit[]> {
  const context = await browser.newContext({ viewport });
  // A violation is reported even when the script catches the refusal (zod's JIT probe `new Function('')`
  // did, on every page with a form), so the event is what counts, not an uncaught error.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  // One tab for every page, as a shopper browsing: a new tab costs Chromium about as much CPU as a visit.
  const tab = await context.newPage();
  let where = '';
  const cspViolations: string[] = [];
  tab.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text()))
      cspViolations.push(`${where}: ${message.text()}`);
  });
  try {
    const visits: PageVisit[] = [];
    for (const page of pages) {
      where = `${pageLabel(page)} (${page.path}) at ${viewport.width}`;
      cspViolations.length = 0;
      visits.push({ ...(await visit(bff, tab, page, viewport.width, where)), cspViolations: [...cspViolations] });
    }
    return visits;
  } finally {
    await context.close();
  }
}

async function visit(
  bff: Pick<RunningBff, 'url'>,
  tab: Page,
  sample: MarketPage,
  width: number,
  where: string,
): Promise<Omit<PageVisit, 'cspViolations'>> {
  const answer = await tab.goto(marketUrl(bff, sample.market.devHostname, sample.path));
  const servedHtml = (await answer?.text()) ?? '';
  await settledPage(tab);
  const hydratedHtml = `<!DOCTYPE html>\n${await tab.evaluate(() => document.documentElement.outerHTML)}`;
  const severeAxe = await severeAxeFindings(tab, { where });
  // Last, as it scrolls the page and makes its maps hit-testable.
  const phoneLayout = width === PHONE.width ? await phoneLayoutProblems(tab, where) : [];
  return { page: sample, where, width, status: answer?.status(), servedHtml, hydratedHtml, severeAxe, phoneLayout };
}
