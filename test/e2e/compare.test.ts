import type { Page } from 'playwright-core';
import { browseSharedSite } from '../support/e2e/sharedSite.js';

const session = browseSharedSite();

async function openCar(page: Page, path: string) {
  await page.goto(session.url('se.localhost', path));
  await page.locator('[data-island="compare"][data-hydrated="true"]').first().waitFor();
}
const toggle = (page: Page) => page.locator('.car-detail__actions').getByRole('button', { name: /^Jämför:/ });
const bar = (page: Page) => page.getByRole('region', { name: 'Jämför bilar' });

describe('compare in a browser', () => {
  it('keeps the chosen cars across a reload and another page, shows them side by side, and closes the modal with the last one', async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    const [first, second] = await carsFromPage(page, 2);

    await openCar(page, first!);
    await toggle(page).click();
    await expect(toggle(page).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.reload();
    await page.locator('[data-island="compare"][data-hydrated="true"]').first().waitFor();
    await expect(bar(page).getByRole('listitem').count()).resolves.toBe(1);
    await expect(toggle(page).getAttribute('aria-pressed')).resolves.toBe('true');

    await openCar(page, second!);
    await toggle(page).click();
    await expect(bar(page).getByRole('listitem').count()).resolves.toBe(2);
    await expect(bar(page).textContent()).resolves.toContain('2 av 4 bilar valda');
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('compare') ?? '[]') as { id: string }[]);
    expect(stored.map((car) => car.id)).toEqual([first!.split('/')[2], second!.split('/')[2]]);

    await bar(page).getByRole('button', { name: 'Visa jämförelse' }).click();
    const modal = page.getByRole('dialog', { name: 'Jämför bilar' });
    await expect(modal.isVisible()).resolves.toBe(true);
    await expect(modal.getByRole('columnheader').count()).resolves.toBe(2);
    for (const row of ['Pris', 'Årsmodell', 'Miltal', 'Drivmedel', 'Växellåda', 'Effekt', 'Utrustning som skiljer']) {
      await expect(modal.getByRole('rowheader', { name: row }).count()).resolves.toBe(1);
    }
    await expect(
      modal.getByRole('heading', { name: 'Jämför bilar' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);

    await modal
      .getByRole('button', { name: /^Ta bort/ })
      .first()
      .click();
    await expect(modal.getByRole('columnheader').count()).resolves.toBe(1);
    await modal.getByRole('button', { name: /^Ta bort/ }).click();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(bar(page).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await expect(page.evaluate(() => sessionStorage.getItem('compare'))).resolves.toBe('[]');
    await context.close();
  });

  it('says so at the limit of 4 cars and does not add a fifth', async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    const paths = await carsFromPage(page, 5);
    for (const path of paths.slice(0, 4)) {
      await openCar(page, path);
      await toggle(page).click();
    }
    await openCar(page, paths[4]!);
    await expect(bar(page).textContent()).resolves.toContain('Du kan jämföra högst 4 bilar');
    await toggle(page).click();
    await expect(toggle(page).getAttribute('aria-pressed')).resolves.toBe('false');
    // The compare toggle's own status (the share button beside it has one of its own).
    await page
      .locator('.car-detail__actions')
      .getByRole('status')
      .filter({ hasText: 'Du kan jämföra högst 4 bilar' })
      .waitFor();
    await expect(bar(page).getByRole('listitem').count()).resolves.toBe(4);

    await bar(page).getByRole('button', { name: 'Rensa alla' }).click();
    await expect(bar(page).count()).resolves.toBe(0);
    await context.close();
  });
});

/** Car page paths, asked through the BFF's /api/search from inside the page (same origin, as an island would). */
async function carsFromPage(page: Page, count: number): Promise<string[]> {
  await page.goto(session.url('se.localhost', '/demo'));
  return page.evaluate(async (limit) => {
    const res = await fetch('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'cars', limit, fields: ['car_id', 'slug'] }),
    });
    const body = (await res.json()) as { content: { car_id: string; slug: string }[] };
    return body.content.map((car) => `/kop-bil/${car.car_id}/${car.slug}`);
  }, count);
}
