import { jest } from '@jest/globals';
import { startBrowserSession } from '../support/browserSession.js';

const session = startBrowserSession();
jest.setTimeout(60_000);

describe('fi.localhost/sv in a real browser', () => {
  it('a fuel filter reads "El" while filtering on "Sähkö", and a Swedish equipment word finds cars', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('fi.localhost', '/sv/autot'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const fuel = page.locator('details.facet', { has: page.locator('summary', { hasText: 'Drivmedel' }) });
    await fuel.locator('summary').click();
    await fuel.getByRole('checkbox', { name: /^El \d+$/ }).click();
    await page.waitForURL(/car_fuel=S%C3%A4hk%C3%B6/);
    await page.getByRole('link', { name: 'Ta bort filter: Drivmedel: El' }).waitFor();
    await expect(page.getByText('Sähkö', { exact: true }).count()).resolves.toBe(0);

    await page.getByRole('searchbox', { name: 'Sök bil' }).fill('backkamera');
    await page.waitForURL(/keyphrase=backkamera/);
    await page.waitForFunction(() => /^\d[\d\s]* bilar$/.test((document.querySelector('.car-list__count')?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')));
    expect(await page.locator('.car-card').count()).toBeGreaterThan(0);
    await page.close();
  });
});
