import type { Page } from 'playwright-core';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { SELL_CAR_PATHS, SELL_CAR_SHORT_PATH } from '../../sandbox/data/content/leadFormPages.js';
import { siteTree } from '../../sandbox/data/content/navigation.js';
import type { RunningBff } from '../../server/start.js';
import { samplePages, type SamplePage } from '../../scripts/stack/samplePages.js';

export interface MarketPage extends SamplePage {
  market: Market;
  /** The status the page must answer: 200, or 404 for the not-found page. */
  status: 200 | 404;
}

/** A path no market has: its 404 page. */
export const NOT_FOUND_PATH = '/finns-inte/checkers';

/**
 * One page of every type of every market, for the checkers (axe, the Nu HTML Checker, CSP): the sample
 * pages (scripts/stack/samplePages.ts), the story list, the lead-form pages (sell-car everywhere, the
 * Swedish trade-in, Norway's service request and motorcycle workshop), each further language's home and
 * the 404 page. Page types differ by market (finance on the UK car page, booking and the tire hotel on the
 * Swedish brands, forms in Norway), so every market is covered.
 */
export async function everyPageType(
  bff: Pick<RunningBff, 'url'>,
  markets: readonly Market[] = MARKETS,
): Promise<MarketPage[]> {
  const all: MarketPage[] = [];
  for (const market of markets) {
    const tree = siteTree(market);
    const extra: Array<[string, string | undefined, (200 | 404)?]> = [
      ['story list', market.paths.stories],
      ['sell car', SELL_CAR_PATHS[market.id]],
      ['trade-in', market.id === 'se' ? SELL_CAR_SHORT_PATH : undefined],
      ['service request', market.features.serviceRequestForm ? tree.pathByKey.get('bookService') : undefined],
      ['mc workshop', tree.pathByKey.get('mcWorkshop')],
      ...market.languages.slice(1).map((language): [string, string] => [`home (${language})`, `/${language}`]),
      ['not found', NOT_FOUND_PATH, 404],
    ];
    const { pages } = await samplePages(bff, market);
    all.push(...pages.map((page) => ({ ...page, market, status: 200 as const })));
    for (const [name, path, status = 200] of extra) if (path) all.push({ name, path, market, status });
  }
  return all;
}

/** 'se car list' */
export const pageLabel = (page: MarketPage) => `${page.market.id} ${page.name}`;

/**
 * Waits until the page's scripts have run: the network idle and every React island hydrated (the stories
 * island is enhanced without React and marks nothing).
 */
export async function settledPage(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]:not([data-island="stories"])')].every(
      (island) => island.getAttribute('data-hydrated') === 'true',
    ),
  );
}
