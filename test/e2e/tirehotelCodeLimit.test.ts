import { sv } from '../../markets/translations/sv.js';
import { startBrowserSession } from '../support/browserSession.js';

/**
 * Code sends are limited to 3 per agreement per 15 minutes (issue 4), and a sent code takes one guess (issue 35:
 * no day's lock for wrong codes): a BFF of its own, so its counts start at 0.
 */
const session = startBrowserSession();

const hotelPage = async () => {
  const page = await session.browser.newPage();
  await page.goto(session.url('se.localhost', '/service-och-verkstad/dack/dackhotell'));
  return { page, block: page.locator('[data-island="tirehotel"][data-hydrated="true"]') };
};

describe('tire hotel code limit in a browser', () => {
  it('shows the limit message and when to try again on the 4th code request', async () => {
    const { page, block } = await hotelPage();
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
    await expect(refusal.textContent()).resolves.toBe(
      'Du har begärt för många koder. Vänta en stund innan du skickar en ny kod. Försök igen om 15 min.',
    );
    await expect(block.getByRole('heading', { name: 'Logga in med engångskod' }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("shows a wrong code's message in red, asking for a new code; after wrong codes the owner's new code logs in", async () => {
    const { page, block } = await hotelPage();
    await block.getByLabel('Registreringsnummer').fill('DEF456');
    await block.getByRole('button', { name: 'Fortsätt' }).click();
    const verify = async (code: string) => {
      await block.getByLabel('Siffra 1 av 4').click();
      await block.getByLabel('Siffra 1 av 4').pressSequentially(code);
      await block.getByRole('button', { name: 'Verifiera kod' }).click();
    };
    for (const wrong of ['1111', '2222']) {
      await block.getByRole('button', { name: 'Skicka kod' }).click();
      await verify(wrong);
      const refusal = block.getByRole('alert');
      await refusal.waitFor();
      await expect(refusal.textContent()).resolves.toBe(sv['tirehotel.codeWrong']);
      await expect(block.locator('.tirehotel__error').evaluate((el) => getComputedStyle(el).color)).resolves.not.toBe(
        await page.evaluate(() => getComputedStyle(document.body).color),
      );
      await block.getByRole('button', { name: 'Skicka en ny kod' }).click();
    }
    await block.getByRole('button', { name: 'Skicka kod' }).click();
    await verify('4567');
    await block.getByRole('heading', { name: sv['tirehotel.vehicleHeading'] }).waitFor();
    await page.close();
  });
});
