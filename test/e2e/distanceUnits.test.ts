import { jest } from '@jest/globals';
import { startBrowserSession } from '../support/browserSession.js';

const session = startBrowserSession();
jest.setTimeout(60_000);

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
    await expect(page.locator('select[name="sortName"] option:checked').textContent()).resolves.toBe('Miltal, högst först');
    await page.close();
  });
});
