import { jest } from '@jest/globals';
import { startBrowserSession } from '../support/browserSession.js';

/** Code sends are limited to 3 per agreement per 15 minutes (issue 4): a BFF of its own, so its count starts at 0. */
const session = startBrowserSession();
jest.setTimeout(60_000);

describe('tire hotel code limit in a browser', () => {
  it('shows the limit message and when to try again on the 4th code request', async () => {
    const page = await session.browser.newPage();
    await page.goto(session.url('se.localhost', '/service-och-verkstad/dack/dackhotell'));
    const block = page.locator('[data-island="tirehotel"][data-hydrated="true"]');
    await block.getByLabel('Registreringsnummer').fill('ABC123');
    await block.getByRole('button', { name: 'Fortsätt' }).click();
    for (let request = 1; request <= 3; request++) {
      await block.getByRole('button', { name: 'Skicka kod' }).click();
      await block.getByText('En kod har skickats till 070-*** ** 67').waitFor();
      await block.getByRole('button', { name: 'Skicka en ny kod' }).click();
    }
    await block.getByRole('button', { name: 'Skicka kod' }).click();
    const refusal = block.getByRole('alert');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toBe('Du har begärt för många koder. Vänta en stund innan du skickar en ny kod. Försök igen om 15 min.');
    await expect(block.getByRole('heading', { name: 'Logga in med engångskod' }).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
