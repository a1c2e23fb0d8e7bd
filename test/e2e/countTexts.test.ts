import type { Page } from 'playwright-core';
import { marketById } from '../../markets/registry.js';
import type { MarketId } from '../../markets/schema.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';

const session = browseSharedSite();

/**
 * A model and colour that together match exactly `wanted` cars of the market, found through the
 * BFF's /api/search from inside the page (as an island asks).
 */
async function filterMatching(page: Page, wanted: number): Promise<{ car_model: string; car_color: string }> {
  return page.evaluate(async (n) => {
    const search = async (body: object) => {
      const res = await fetch('/api/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { facet: { name: string; values?: { value: string; count: number }[] }[] };
    };
    const models = (await search({ index: 'cars', limit: 0, facets: ['car_model'] })).facet[0]!.values!;
    for (const { value: model } of models) {
      const colours = (
        await search({
          index: 'cars',
          limit: 0,
          facets: ['car_color'],
          filters: [{ field: 'car_model', values: [model] }],
        })
      ).facet[0]!.values!;
      const colour = colours.find((c) => c.count === n);
      if (colour) return { car_model: model, car_color: colour.value };
    }
    throw new Error(`no model and colour with ${n} cars`);
  }, wanted);
}

async function countsOnList(
  host: string,
  marketId: MarketId,
  wanted: number,
): Promise<{ count: string; progress: string }> {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const list = marketById(marketId).paths.carList;
  await page.goto(session.url(host, list));
  const filter = await filterMatching(page, wanted);
  await page.goto(session.url(host, `${list}?${new URLSearchParams(filter).toString()}`));
  await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
  expect(await page.locator('.car-card').count()).toBe(wanted);
  const text = async (selector: string) =>
    ((await page.locator(selector).textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
  const counts = { count: await text('.car-list__count'), progress: await text('.car-list__progress p') };
  await page.close();
  return counts;
}

describe('count texts agree with their number', () => {
  it('a Swedish list of one car reads "1 bil"', async () => {
    await expect(countsOnList('se.localhost', 'se', 1)).resolves.toEqual({
      count: '1 bil',
      progress: 'Visar 1 av 1 bil',
    });
  });

  it('a Slovak list of two cars reads "2 autá"', async () => {
    await expect(countsOnList('sk.localhost', 'sk', 2)).resolves.toEqual({
      count: '2 autá',
      progress: 'Zobrazené 2 z 2 áut',
    });
  });

  it('a Norwegian site search with one match says "1 avdeling"', async () => {
    const page = await session.browser.newPage();
    const sites = marketById('no').paths.siteDetail;
    await page.goto(session.url('no.localhost', `${sites}?q=Hedin%20Bil%20Oslo`));
    expect(await page.locator('.site-card').count()).toBe(1);
    await expect(page.locator('.site-list__count').textContent()).resolves.toMatch(
      /^1 avdeling passer til «Hedin Bil Oslo»\. /,
    );
    await page.close();
  });
});
