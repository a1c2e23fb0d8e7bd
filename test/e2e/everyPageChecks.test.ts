import { beforeAll } from '@jest/globals';
import { MARKETS } from '../../markets/registry.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { pageLabel } from '../support/everyPageType.js';
import { nuHtmlErrors } from '../support/nuHtmlChecker.js';
import { DESKTOP, PHONE, sweepEveryPageType, type PageVisit } from '../support/pageSweep.js';

/**
 * Every page type of every market (test/support/everyPageType.ts) held to three checkers, from one visit
 * of each page at 390 and one at 1440 px (test/support/pageSweep.ts): no Content-Security-Policy
 * violation in Chromium; axe (every rule, and the experimental ones Lighthouse runs) with no serious or
 * critical finding; the W3C Nu HTML Checker without an error on the document as served and as hydrated.
 */
const site = browseSharedSite();
let visits: PageVisit[] = [];
beforeAll(async () => {
  visits = await sweepEveryPageType({ url: site.origin() }, site.browser);
}, 1_200_000); // about 150 visits, each until the network is idle, with axe on each

describe('every page type of every market, at 390 and 1440 px', () => {
  it('answers each page with its status (the not-found page 404), a dozen page types a market at each width', () => {
    expect(
      visits.filter((v) => v.status !== v.page.status).map((v) => `${v.where}: ${v.status}, not ${v.page.status}`),
    ).toEqual([]);
    const perMarketAndWidth = MARKETS.flatMap((market) =>
      [PHONE, DESKTOP].map(
        ({ width }) =>
          [
            `${market.id} at ${width}`,
            visits.filter((v) => v.page.market === market && v.width === width).length,
          ] as const,
      ),
    );
    expect(perMarketAndWidth.filter(([, count]) => count < 11)).toEqual([]);
  });

  it('logs no Content-Security-Policy violation on any page', () => {
    expect(visits.flatMap((v) => v.cspViolations)).toEqual([]);
  });

  it('has no serious or critical axe finding on any page', () => {
    expect(visits.flatMap((v) => v.severeAxe)).toEqual([]);
  });

  it('passes the W3C Nu HTML Checker without an error, as served and as hydrated', async () => {
    const documents = [
      ...visits
        .filter((v) => v.width === DESKTOP.width)
        .map((v) => ({ name: `${pageLabel(v.page)} (${v.page.path})`, html: v.servedHtml })),
      ...visits.map((v) => ({ name: `${v.where}, hydrated`, html: v.hydratedHtml })),
    ];
    expect(await nuHtmlErrors(documents)).toEqual([]);
  });
});
