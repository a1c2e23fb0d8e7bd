import type { Page } from 'playwright-core';
import { sv } from '../../markets/translations/sv.js';
import { RANGE_DEBOUNCE_MS } from '../../client/shared/carList/carListConfig.js';
import { startBrowserSession } from '../support/browserSession.js';
import { eventually } from '../support/e2e/eventually.js';
import { stillClock } from '../support/e2e/pageClock.js';
import { severeAxeFindings } from '../support/e2e/axeFindings.js';
import { clickWhenLaidOut, nextFrames } from '../support/e2e/laidOut.js';

// The tests inject faults into the embedded sandbox (session.sandbox).
const session = startBrowserSession();

const LIST = '/kop-bil/sok-bil';

/** A page on the list, hydrated, counting every /api/search call it makes and every console error. */
async function openList(
  path = LIST,
  { clockStill = false } = {},
): Promise<{ page: Page; searches: string[]; problems: string[] }> {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (clockStill) await stillClock(page);
  const searches: string[] = [];
  const problems: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/search') searches.push(req.postData() ?? '');
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto(session.url('se.localhost', path));
  await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
  return { page, searches, problems };
}

const query = (page: Page) => new URL(page.url()).searchParams;
/** The price filter in the page's address as the page holds it now. */
const addressPrice = (page: Page) => page.evaluate(() => new URLSearchParams(location.search).get('car_price'));
const count = async (page: Page) =>
  (await page.locator('.car-list__count').textContent())?.replace(/[\u00a0\u202f]/g, ' ');
const brand = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} \\d+$`) });

describe('car list in a real browser', () => {
  it('hydrates without a search, filters by brand and a debounced price range, shows chips and counts, clears all', async () => {
    const { page, searches, problems } = await openList(LIST, { clockStill: true });
    expect(await page.locator('.car-card').count()).toBe(48);
    expect(searches).toEqual([]);

    const volvo = brand(page, 'Volvo');
    const volvoCount = (await volvo.locator('.facet__count').textContent())!;
    await volvo.click();
    await page.waitForFunction(
      (expected) => document.querySelector('.car-list__count')?.textContent === expected,
      `${volvoCount} bilar`,
    );
    expect(await count(page)).toBe(`${volvoCount} bilar`);
    expect(query(page).getAll('car_brand')).toEqual(['Volvo']);
    await expect(page.getByRole('link', { name: 'Ta bort filter: Märke: Volvo' }).isVisible()).resolves.toBe(true);
    await expect(volvo.getAttribute('aria-checked')).resolves.toBe('true');
    expect(searches).toHaveLength(1);

    // Drag the price minimum in several moves and keep holding: one search, 1.5 s after the last move.
    // The page's clock stands still but for runFor, whose due timers fire before it returns; a filter
    // change enters the address synchronously (history.pushState) as its search starts, so the address
    // read right after runFor tells whether the debounce fired. The slider takes a move on the next
    // animation frame (at most 17 ms on), so the debounce is due up to a frame after 1.5 s.
    const thumb = page.getByRole('slider', { name: 'Pris, från' });
    await thumb.scrollIntoViewIfNeeded();
    const box = (await thumb.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) {
      await page.mouse.move(box.x + box.width / 2 + i * 12, box.y + box.height / 2);
      await page.clock.runFor(150);
      expect(await addressPrice(page)).toBeNull();
    }
    await page.clock.runFor(RANGE_DEBOUNCE_MS - 150 - 1);
    expect(await addressPrice(page)).toBeNull();
    expect(searches).toHaveLength(1);
    await page.clock.runFor(50);
    const price = await addressPrice(page);
    expect(price).toMatch(/^\d+-\d+$/);
    expect(
      await eventually(
        () => searches.length,
        (n) => n >= 2,
      ),
    ).toBe(2);
    // Its answer shown: the list no longer busy, a number of cars counted.
    await page.waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        /^\d/.test(document.querySelector('.car-list__count')?.textContent ?? ''),
    );
    const entries = await page.evaluate(() => history.length);
    await page.mouse.up();
    await page.clock.runFor(RANGE_DEBOUNCE_MS * 2);
    // Letting go sends nothing more: no new address (every search comes with one), no new search.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(await addressPrice(page)).toBe(price);
    expect(searches).toHaveLength(2);
    expect(query(page).get('car_price')).toBe(price);
    expect(price).toMatch(/^\d+-\d+$/);
    await expect(page.locator('.chip', { hasText: 'Pris:' }).count()).resolves.toBe(1);
    const narrowed = Number((await count(page))!.replace(/\D/g, ''));
    expect(narrowed).toBeLessThan(Number(volvoCount));
    expect(narrowed).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Rensa alla' }).click();
    await page.waitForFunction(() => !document.querySelector('.chip'));
    expect(query(page).toString()).toBe('');
    expect(await count(page)).toBe('1 500 bilar');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads more up to the end of the progress text, and Back undoes one filter change with the scroll where it was', async () => {
    const { page, problems } = await openList(`${LIST}?car_brand=Porsche`);
    // The seeded stock has between two and three pages of Porsches.
    const total = Number(
      /^Visar 48 av (\d+) bilar$/.exec((await page.locator('.car-list__progress p').textContent()) ?? '')?.[1],
    );
    expect(total).toBeGreaterThan(96);
    expect(total).toBeLessThanOrEqual(144);
    await clickWhenLaidOut(page.getByRole('link', { name: 'Visa fler bilar' }));
    await page.waitForFunction(() => document.querySelectorAll('.car-card:not(.car-card--skeleton)').length === 96);
    await clickWhenLaidOut(page.getByRole('link', { name: 'Visa fler bilar' }));
    await page.waitForFunction(
      (all) => document.querySelectorAll('.car-card:not(.car-card--skeleton)').length === all,
      total,
    );
    await expect(page.locator('.car-list__progress p').textContent()).resolves.toBe(`Visar ${total} av ${total} bilar`);
    await expect(page.getByRole('link', { name: 'Visa fler bilar' }).count()).resolves.toBe(0);
    expect(query(page).get('page')).toBe('2');

    // Scroll a little (the brand list stays in view), change the filter, then come Back.
    await page.evaluate(() => window.scrollTo(0, 220));
    const before = await page.evaluate(() => window.scrollY);
    await brand(page, 'Volvo').click();
    await page.waitForFunction(() => new URL(location.href).searchParams.getAll('car_brand').length === 2);
    expect(query(page).get('page')).toBeNull();
    await page.waitForFunction(() => document.querySelectorAll('.car-card:not(.car-card--skeleton)').length === 48);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.goBack();
    await page.waitForFunction(
      (all) => document.querySelectorAll('.car-card:not(.car-card--skeleton)').length === all,
      total,
    );
    expect(query(page).getAll('car_brand')).toEqual(['Porsche']);
    expect(query(page).get('page')).toBe('2');
    await expect(brand(page, 'Volvo').getAttribute('aria-checked')).resolves.toBe('false');
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a deep link (?page=3) with every car up to that page, on the cars it showed first, and Back from a car comes back to the same place', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    page.on('pageerror', (err) => problems.push(err.message));
    // The earlier pages wait until the page as the server rendered it has been looked at.
    const searches: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search', async (route) => {
      searches.push(route.request().postData() ?? '');
      await held;
      await route.continue();
    });
    await page.goto(session.url('se.localhost', `${LIST}?page=3`));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const cards = page.locator('.car-grid > li:not(.car-card--skeleton)');
    // The server sent page 3 alone (cars 145–192), and says how far the list goes.
    await expect(cards.count()).resolves.toBe(48);
    const shownFirst = (await cards.first().locator('.car-card__link').getAttribute('href'))!;
    const topFirst = await cards.first().evaluate((el) => el.getBoundingClientRect().top);
    release();
    await page.waitForFunction(
      () => document.querySelectorAll('.car-grid > li:not(.car-card--skeleton)').length === 192,
    );
    // Every car up to page 3, in the list's order: the same as a shallow list's first 192.
    const hrefs = await cards
      .locator('.car-card__link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const expected = await page.evaluate(async () => {
      const ask = async (offset: number) =>
        (
          (await (
            await fetch('/api/search', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ index: 'cars', fields: ['car_id'], limit: 96, offset }),
            })
          ).json()) as { content: { car_id: string }[] }
        ).content;
      return [...(await ask(0)), ...(await ask(96))].map((c) => c.car_id);
    });
    expect(hrefs.map((href) => href!.split('/').at(-2))).toEqual(expected);
    expect(hrefs[144]).toBe(shownFirst);
    expect((await page.locator('.car-list__progress p').textContent())?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Visar 192 av 1 500 bilar',
    );
    // The cars it showed first stay where they were: the earlier ones came in above them.
    expect(
      Math.abs((await cards.nth(144).evaluate((el) => el.getBoundingClientRect().top)) - topFirst),
    ).toBeLessThanOrEqual(2);
    // Page 0 as the server searched it (a cache hit), then pages 1–2 in one request.
    expect(searches.slice(0, 2).map((body) => JSON.parse(body) as { offset: number; limit: number })).toMatchObject([
      { offset: 0, limit: 48 },
      { offset: 48, limit: 96 },
    ]);

    // Open a car of page 2, and come Back.
    const car = cards.nth(120);
    await car.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 150));
    // The cards that came near the screen take their own height in the next frames (content-visibility), scroll
    // anchoring moving scrollY: where the shopper is, is read once they have (CI at load 16 read it a frame early).
    await nextFrames(page);
    const before = await page.evaluate(() => window.scrollY);
    const href = (await car.locator('.car-card__link').getAttribute('href'))!;
    await car.locator('.car-card__link').click();
    await page.waitForURL((url) => url.pathname === href);
    await page.goBack();
    await page.waitForFunction(
      () => document.querySelectorAll('.car-grid > li:not(.car-card--skeleton)').length === 192,
    );
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, before);
    expect(query(page).get('page')).toBe('3');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows carListError with a retry when the search service fails, and recovers on retry', async () => {
    const { page } = await openList();
    // A filter no other test used, so the answer is not in the search cache.
    const filter = page.getByRole('checkbox', { name: /^(?!Volvo |Porsche )\S.* \d+$/ }).first();
    const filterCount = (await filter.locator('.facet__count').textContent())!;
    session.sandbox.ctx.faults.set('search', { status: 503 });
    await filter.click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('Något gick fel när bilarna skulle hämtas. Försök igen.');
    await expect(page.locator('.car-card').count()).resolves.toBe(0);
    session.sandbox.ctx.faults.clear();
    await alert.getByRole('button', { name: 'Försök igen' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.car-card').length === 48);
    expect(await count(page)).toBe(`${filterCount} bilar`);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.close();
  });

  it('on a phone shows the cars first with the filters behind a toggle that counts them; on a desktop the filters are open', async () => {
    const phone = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(session.url('se.localhost', `${LIST}?car_brand=Volvo`));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const toggle = page.getByText('Visa filter (1)');
    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: /^Volvo/ }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(page.getByRole('checkbox', { name: /^Volvo/ }).isVisible()).resolves.toBe(true);
    await phone.close();

    const { page: desktop } = await openList(`${LIST}?car_brand=Volvo`);
    await expect(desktop.getByText('Visa filter (1)').isVisible()).resolves.toBe(false);
    await expect(desktop.getByRole('checkbox', { name: /^Volvo/ }).isVisible()).resolves.toBe(true);
    await desktop.close();
  });

  it("on a phone 'Visa bilar' closes the filter panel, gives the focus back to its toggle and shows the count under it", async () => {
    const phone = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(session.url('se.localhost', LIST));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    await page.getByText('Visa filter (0)').click();
    const volvo = brand(page, 'Volvo');
    const volvoCount = (await volvo.locator('.facet__count').textContent())!;
    await volvo.click();
    await page.waitForFunction(
      (expected) => document.querySelector('.car-list__count')?.textContent === expected,
      `${volvoCount} bilar`,
    );
    const apply = page.getByRole('button', { name: sv['carList.applyFilters'], exact: true });
    await apply.scrollIntoViewIfNeeded();
    await apply.click();
    await expect(
      page.locator('.car-list__filter-panel').evaluate((panel) => (panel as HTMLDetailsElement).open),
    ).resolves.toBe(false);
    const toggle = page.locator('.car-list__filter-toggle');
    await expect(toggle.innerText()).resolves.toBe('Visa filter (1)');
    await expect(toggle.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(volvo.isVisible()).resolves.toBe(false);
    // The count of cars in the window, right under the toggle.
    const countBox = (await page.locator('.car-list__count').boundingBox())!;
    expect(countBox.y).toBeGreaterThanOrEqual(0);
    expect(countBox.y + countBox.height).toBeLessThanOrEqual(844);
    expect(await count(page)).toBe(`${volvoCount} bilar`);
    expect(query(page).getAll('car_brand')).toEqual(['Volvo']);
    await phone.close();
  });

  it('without scripts a facet shows its first values, and the rest behind a disclosure that works, each a link that filters', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(session.url('se.localhost', LIST));
    const facet = page.locator('details.facet[open]').first(); // the brands
    const values = facet.getByRole('checkbox');
    const first = await values.count();
    const more = facet.locator('.facet__more > summary');
    await expect(more.textContent()).resolves.toContain(sv['carList.showMore']);
    const rest = facet.locator('.facet__more').getByRole('checkbox');
    await expect(rest.first().isVisible()).resolves.toBe(false);
    await more.click();
    await expect(rest.first().isVisible()).resolves.toBe(true);
    expect(await values.count()).toBeGreaterThan(first);
    const name = (await rest.last().locator('.facet__label').textContent())!;
    await Promise.all([page.waitForURL((url) => url.searchParams.get('car_brand') === name), rest.last().click()]);
    await expect(page.locator('.chip').first().textContent()).resolves.toBe(`Märke: ${name}`);
    await context.close();
  });

  it('with scripts the values past the first few are not in the page until asked for, then shown in the list', async () => {
    const { page } = await openList();
    const served = await page.evaluate(async () => (await fetch(location.href)).text());
    // Before the island hydrates (and for every parser running scripts) the rest are text inside <noscript>.
    expect(served).toMatch(/<noscript><details class="facet__more">/);
    const facet = page.locator('details.facet[open]').first();
    await expect(facet.locator('noscript, .facet__more').count()).resolves.toBe(0);
    const shown = await facet.getByRole('checkbox').count();
    await facet.getByRole('button', { name: sv['carList.showMore'], exact: true }).click();
    expect(await facet.getByRole('checkbox').count()).toBeGreaterThan(shown);
    await page.close();
  });

  it.each([390, 1440])(
    'at %i px an expanded facet shows its collapse control after its last value, and the keyboard goes on at the first value it brought',
    async (width) => {
      const context = await session.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(session.url('se.localhost', LIST));
      await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
      const panelToggle = page.locator('.car-list__filter-toggle');
      if (await panelToggle.isVisible()) await panelToggle.click(); // phones: the filters are behind it
      const facet = page.locator('details.facet[open]').first(); // the brands, open from the start
      const values = facet.locator('.facet__value');
      const shown = await values.count();
      await facet.getByRole('button', { name: sv['carList.showMore'], exact: true }).click();
      const less = facet.getByRole('button', { name: sv['carList.showLess'], exact: true });
      await expect(less.getAttribute('aria-expanded')).resolves.toBe('true');
      expect(await values.count()).toBeGreaterThan(shown);
      await expect(values.nth(shown).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      // After the last value: in the document (reading and tab order) and on the screen.
      const last = values.last();
      await expect(
        last.evaluate(
          (el, control) => !!(el.compareDocumentPosition(control!) & Node.DOCUMENT_POSITION_FOLLOWING),
          await less.elementHandle(),
        ),
      ).resolves.toBe(true);
      const [lastBox, lessBox] = [(await last.boundingBox())!, (await less.boundingBox())!];
      expect(lessBox.y).toBeGreaterThanOrEqual(lastBox.y + lastBox.height - 1);
      await less.click();
      await expect(values.count()).resolves.toBe(shown);
      const more = facet.getByRole('button', { name: sv['carList.showMore'], exact: true });
      await expect(more.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await expect(more.getAttribute('aria-expanded')).resolves.toBe('false');
      await context.close();
    },
  );

  it('has no serious or critical accessibility violation, on a phone too', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await session.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(session.url('se.localhost', `${LIST}?car_brand=Volvo&car_price=200000-400000`));
      await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
      await expect(severeAxeFindings(page)).resolves.toEqual([]);
      await context.close();
    }
  });
});
