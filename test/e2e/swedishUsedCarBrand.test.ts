import type { Page } from 'playwright-core';
import { browseSharedSite } from '../support/e2e/sharedSite.js';

/**
 * Begagnat.se (se-used) is a Swedish brand: its menu's 'Boka service' and 'Däckhotell' lead to the
 * booking and tire-hotel flows on its own host (part 2 §1), not to filler pages.
 */
const session = browseSharedSite();

const STOCKHOLM = { latitude: 59.33, longitude: 18.07 };

/** se-used's home at a desktop width, the mega menu's 'Service' panel open. */
async function openServiceMenu(): Promise<Page> {
  const context = await session.browser.newContext({
    viewport: { width: 1440, height: 1000 },
    geolocation: STOCKHOLM,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto(session.url('se-used.localhost', '/'));
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('button', { name: 'Verkstad' }).click();
  return page;
}

describe('se-used: the Swedish used-car brand has both Swedish service flows', () => {
  it('the menu’s "Boka service" reaches a working booking: a registration number and a place give services', async () => {
    const page = await openServiceMenu();
    await page.getByRole('link', { name: 'Boka service', exact: true }).first().click();
    expect(new URL(page.url()).host).toMatch(/^se-used\.localhost/);
    await page.locator('[data-island="booking"][data-hydrated="true"]').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
    await page.getByRole('textbox', { name: 'Registreringsnummer', exact: true }).fill('ABC123');
    await page.getByRole('button', { name: 'Använd min plats', exact: true }).click();
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('[role="combobox"]')?.value ?? '') !== '',
    );
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: /Välj tjänster/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Oljeservice', exact: true }).waitFor();
    await page.context().close();
  });

  it('the menu’s "Däckhotell" reaches the tire hotel: a registration number finds the agreement', async () => {
    const page = await openServiceMenu();
    await page.getByRole('link', { name: 'Däckhotell', exact: true }).first().click();
    expect(new URL(page.url()).host).toMatch(/^se-used\.localhost/);
    const block = page.locator('[data-island="tirehotel"][data-hydrated="true"]');
    await block.waitFor();
    await block.getByLabel('Registreringsnummer').fill('DEF456');
    await block.getByRole('button', { name: 'Fortsätt' }).click();
    await block.getByRole('button', { name: 'Skicka kod' }).waitFor();
    await page.context().close();
  });
});
