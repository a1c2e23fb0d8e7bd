import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { afterRequestsSoFar } from '../support/e2e/requestBarrier.js';

const session = browseSharedSite();

const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the mileage filter speaks the market unit in a real browser', () => {
  it('se: typing 5 000 in "Miltal (mil), till" lists the cars up to 5 000 mil (50 000 km) and says so in mil everywhere', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('se.localhost', '/kop-bil/sok-bil?sortName=mileage_desc'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const facet = page.locator('details.facet--range', { has: page.locator('summary', { hasText: 'Miltal (mil)' }) });
    await facet.locator('summary').click();
    const max = page.getByRole('spinbutton', { name: 'Till Miltal (mil)' });
    await max.fill('5000');
    await max.press('Tab');
    await page.waitForURL(/car_mileage=0-50000/);
    await page.getByRole('link', { name: 'Ta bort filter: Miltal (mil): 0 mil – 5 000 mil' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('.car-list__count')?.textContent ?? '') !== '');
    const mileages = (await page.locator('.car-card dt:text-is("Miltal") + dd').allTextContents()).map(nbsp);
    expect(mileages.length).toBeGreaterThan(0);
    for (const m of mileages) expect(m).toMatch(/^[\d ]+ mil$/);
    expect(Number(mileages[0]!.replace(/\D/g, ''))).toBeLessThanOrEqual(5000);
    expect(Number(mileages[0]!.replace(/\D/g, ''))).toBeGreaterThan(500);
    await expect(page.locator('select[name="sortName"] option:checked').textContent()).resolves.toBe(
      'Miltal, högst först',
    );
    await page.close();
  });
});

describe('a full-span range is no filter, whatever the market unit rounds', () => {
  it('uk: "Show cars" with nothing touched leaves the URL and chips as they were, also after ticking a brand', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const searches: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/search') searches.push(req.postData() ?? '');
    });
    await page.goto(session.url('uk.localhost', '/buy-car/used-cars'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const chips = () => page.locator('.chips .chip').allTextContents();
    /** Presses 'Show cars' and lets any search it starts be seen. */
    const showCars = async () => {
      await page.getByRole('button', { name: 'Show cars' }).click();
      await afterRequestsSoFar(page);
      await page.waitForFunction(() => (document.querySelector('.car-list__count')?.textContent ?? '') !== '');
    };

    const before = page.url();
    await showCars();
    expect(page.url()).toBe(before);
    expect(await chips()).toEqual([]);
    expect(searches).toEqual([]);

    const brand = page.locator('.facet:not(.facet--range) [role="checkbox"]').first();
    await brand.click();
    await page.waitForURL(/car_brand=/);
    await page.waitForFunction(() => (document.querySelector('.car-list__count')?.textContent ?? '') !== '');
    const ticked = page.url();
    const tickedChips = await chips();
    expect(tickedChips).toHaveLength(1);
    await showCars();
    expect(page.url()).toBe(ticked);
    expect(new URL(page.url()).searchParams.has('car_mileage')).toBe(false);
    expect(await chips()).toEqual(tickedChips);
    await page.close();
  });
});
