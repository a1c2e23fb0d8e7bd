import type { BrowserContext, Page } from 'playwright-core';
import { marketById } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { publishCar } from '../../sandbox/services/search.js';
import { startBrowserSession } from '../support/browserSession.js';
import { eventually } from '../support/e2e/eventually.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';

// Issue 53 on se and uk, on a phone and a desktop: monthly prices, the budget, nearest first, saved searches, share.
// A product of its own: one test publishes a car in its sandbox; searches are not cached, so a count is today's.
const session = startBrowserSession({ SEARCH_CACHE_TTL_S: '0', SEARCH_CACHE_SWR_S: '0' });

const CASES = (['se', 'uk'] as const).flatMap((id) => [390, 1440].map((width) => [id, width] as const));
/** A postcode of each market's sandbox towns: Göteborg, Coventry. */
const POSTCODE = { se: '413 01', uk: 'CV3 0CL' };
/** The monthly budget each case filters by, in the market's money. */
const BUDGET_MAX = { se: 3000, uk: 300 };

const words = (market: Market) => translator(market.languages[0]!);
const figure = (shown: string | null) => Number((shown ?? '').replace(/[^\d.]/g, '').replace(/\.$/, ''));

async function openList(context: BrowserContext, market: Market, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(session.url(market.devHostname, `${market.paths.carList}${query}`));
  await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
  return page;
}
/** The monthly figures the cards show ('4 690 kr/mån' → 4690; '£394.33/month' → 394.33). */
const monthlyFigures = async (page: Page) =>
  (await page.locator('.car-card__monthly').allTextContents()).map((text) =>
    figure(text.replace(/^[^\d£]*/, '').split('/')[0]!),
  );

describe.each(CASES)('%s at %i px', (id, width) => {
  const market = marketById(id);
  const t = words(market);
  let context: BrowserContext;
  beforeEach(async () => {
    context = await session.browser.newContext({ viewport: { width, height: 900 } });
  });
  afterEach(() => context.close());

  it('shows the monthly price on the cards, with the representative example on the uk', async () => {
    const page = await openList(context, market);
    const cards = page.locator('.car-card');
    await expect(cards.count()).resolves.toBe(48);
    const monthly = await page.locator('.car-card__monthly').allTextContents();
    expect(monthly.length).toBeGreaterThan(40);
    const perMonth = t('carDetail.perMonth', { amount: '' });
    for (const text of monthly) expect(text.endsWith(perMonth)).toBe(true);
    if (id === 'uk') {
      await expect(page.locator('.car-card__example').count()).resolves.toBe(monthly.length);
      await expect(page.locator('.car-card__example').first().textContent()).resolves.toMatch(
        /^Representative example: Representative APR [\d.]+%/,
      );
    }
    expect(await severeAxeFindings(page, { include: '.car-grid' })).toEqual([]);
  });

  it('narrows the list by a monthly budget, every card within it, and keeps it over a reload', async () => {
    const page = await openList(context, market);
    const filters = page.locator('.car-list__filter-toggle');
    if (await filters.isVisible()) await filters.click();
    await page.locator('summary.facet__name', { hasText: t('carList.facet.car_monthly_payment') }).click();
    const max = page.locator('input[name="car_monthly_payment_max"]');
    await max.fill(String(BUDGET_MAX[id]));
    await max.press('Tab');
    await page.waitForURL(/car_monthly_payment=/);
    const within = async () => {
      const shown = await monthlyFigures(page);
      return shown.length > 0 && shown.every((n) => n <= BUDGET_MAX[id]);
    };
    await expect(eventually(within, (ok) => ok)).resolves.toBe(true);
    await expect(
      page.getByRole('link', { name: new RegExp(`^${t('carList.removeFilter', { label: '' })}`) }).count(),
    ).resolves.toBe(1);
    await page.reload();
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    expect(new URL(page.url()).searchParams.get('car_monthly_payment')).toMatch(/^\d+-\d+$/);
    const after = await monthlyFigures(page);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((n) => n <= BUDGET_MAX[id])).toBe(true);
  });

  it('sorts nearest first from a typed postcode, each card showing its distance, in order', async () => {
    const page = await openList(context, market);
    await page.getByLabel(t('carList.sortLabel')).selectOption('distance_asc');
    await page.getByText(t('carList.nearestNeedsPlace')).waitFor();
    await page.getByLabel(t('carList.postcode'), { exact: true }).fill(POSTCODE[id]);
    await page.getByRole('button', { name: t('carList.postcodeApply') }).click();
    await page.waitForURL(/near=/);
    expect(page.url()).not.toContain(POSTCODE[id].replace(' ', ''));
    const distances = page.locator('.car-card__distance');
    await eventually(
      () => distances.count(),
      (n) => n === 48,
    );
    const shown = await distances.allTextContents();
    expect(shown[0]).toMatch(id === 'uk' ? /^Distance \d+ miles?$/ : /^Avstånd \d+ km$/);
    const figures = shown.map(figure);
    expect(figures).toEqual([...figures].sort((a, b) => a - b));
    await expect(
      page.getByText(t('carList.nearPlace', { place: id === 'uk' ? 'Coventry' : 'Göteborg' })).count(),
    ).resolves.toBe(1);
    expect(await severeAxeFindings(page, { include: '.car-list__near' })).toEqual([]);
  });

  it('saves a search, lists it on the saved page with its count after a reload, and says how many are new', async () => {
    const query = `?car_monthly_payment=0-${BUDGET_MAX[id]}`;
    const page = await openList(context, market, query);
    await page.getByRole('button', { name: t('carList.saveSearch') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('carList.searchSaved') })
      .waitFor();
    const firstCar = (await page.locator('.car-card__link').first().getAttribute('href'))!.split('/').at(-2)!;

    await page.goto(session.url(market.devHostname, market.paths.savedCars));
    await page.reload();
    await page.locator('[data-island="savedSearches"][data-hydrated="true"]').waitFor();
    const item = page.locator('.saved-searches__item');
    await expect(item.count()).resolves.toBe(1);
    await item.locator('.saved-searches__counts span').waitFor();
    await expect(item.locator('.saved-searches__counts').textContent()).resolves.toMatch(/^[\d, ]+ (bilar|cars)$/);
    await expect(item.locator('.saved-searches__new').count()).resolves.toBe(0);

    // The sandbox puts a copy of a car within the budget up for sale now.
    publishCar(session.sandbox.ctx, market.id, firstCar);
    await page.reload();
    await page.locator('[data-island="savedSearches"][data-hydrated="true"]').waitFor();
    await expect(
      eventually(
        () => item.locator('.saved-searches__new').textContent(),
        (text) => text !== null,
      ),
    ).resolves.toBe(t('saved.searchNew', { count: 1 }));
    expect(await severeAxeFindings(page, { include: '.saved-searches' })).toEqual([]);
    // Opening it counts from now: back on the saved page, nothing is new.
    await item.getByRole('link').click();
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    expect(new URL(page.url()).search).toBe(query);
    await page.goto(session.url(market.devHostname, market.paths.savedCars));
    await page.locator('.saved-searches__counts span').waitFor();
    await expect(page.locator('.saved-searches__new').count()).resolves.toBe(0);
  });

  it('shares a car: where Web Share is missing, the link is copied and the live region says so', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    const list = await openList(context, market);
    const href = (await list.locator('.car-card__link').first().getAttribute('href'))!;
    const page = await context.newPage();
    await page.goto(session.url(market.devHostname, href));
    const share = page.getByRole('button', { name: t('carDetail.share'), exact: true });
    await share.waitFor();
    await share.click();
    await page
      .getByRole('status')
      .filter({ hasText: t('carDetail.linkCopied') })
      .waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^https?://${market.devHostname}(:\\d+)?${href}$`));
  });
});
