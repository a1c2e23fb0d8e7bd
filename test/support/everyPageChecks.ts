import { beforeAll, describe, expect, it } from '@jest/globals';
import { MARKETS, marketById } from '../../markets/registry.js';
import type { MarketId } from '../../markets/schema.js';
import { browseSharedSite } from './e2e/sharedSite.js';
import { pageLabel } from './everyPageType.js';
import { PHONE_HEADER_MAX_PX } from './e2e/phoneLayout.js';
import { nuHtmlErrors } from './nuHtmlChecker.js';
import { DESKTOP, PHONE, sweepEveryPageType, type PageVisit } from './pageSweep.js';

/**
 * Every page type of some markets (test/support/everyPageType.ts) held to three checkers and the phone
 * layout, from one visit of each page at 390 and one at 1440 px (test/support/pageSweep.ts): no
 * Content-Security-Policy violation in Chromium; axe (every rule, and the experimental ones Lighthouse runs)
 * with no serious or critical finding; the W3C Nu HTML Checker without an error on the document as served
 * and as hydrated; on the phone, no sideways scroll and a header of one row that nothing paints over.
 * The markets are shared out among three e2e files (test/e2e/everyPageChecks.*.test.ts, one a group) so
 * that the two jest workers share the sweep instead of one of them running it alone at the end.
 */
export const MARKET_GROUPS = [
  ['se', 'se-used'],
  ['fi', 'no'],
  ['sk', 'uk'],
] as const satisfies MarketId[][];

export function checkEveryPageType(group: 0 | 1 | 2): void {
  const marketIds: readonly MarketId[] = MARKET_GROUPS[group];
  const markets = marketIds.map(marketById);
  const site = browseSharedSite();
  let visits: PageVisit[] = [];
  beforeAll(async () => {
    visits = await sweepEveryPageType({ url: site.origin() }, site.browser, [PHONE, DESKTOP], markets);
  }, 1_200_000); // about 25 visits a market, each until the network is idle, with axe on each

  describe(`every page type of ${marketIds.join(', ')}, at 390 and 1440 px`, () => {
    it('leaves no market out of the groups', () => {
      expect(MARKET_GROUPS.flat().sort()).toEqual(MARKETS.map((m) => m.id).sort());
    });

    it('answers each page with its status (the not-found page 404), a dozen page types a market at each width', () => {
      expect(
        visits.filter((v) => v.status !== v.page.status).map((v) => `${v.where}: ${v.status}, not ${v.page.status}`),
      ).toEqual([]);
      const perMarketAndWidth = markets.flatMap((market) =>
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

    it(`on a phone, no page scrolls sideways; the header is one row (at most ${PHONE_HEADER_MAX_PX} px) and stays on top of maps`, () => {
      expect(visits.flatMap((v) => v.phoneLayout)).toEqual([]);
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
}
