import { describe, expect, it } from '@jest/globals';
import { browseSharedSite } from '../support/e2e/sharedSite.js';

/** The shopper-visible defects of issue 16 that need a browser: keys, the drawer button, the car list's links. */
const session = browseSharedSite();

async function carWithImages(index: string, minImages: number): Promise<{ car_id: string; slug: string }> {
  const res = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index, limit: 50, fields: ['car_id', 'slug', 'car_images'] }),
  });
  const cars = ((await res.json()) as { content: { car_id: string; slug: string; car_images: string[] }[] }).content;
  return cars.find((car) => car.car_images.length >= minImages)!;
}

describe('shopper-visible defects', () => {
  it('moves one image per arrow key in the full-screen gallery', async () => {
    const car = await carWithImages('cars-se', 4);
    const page = await session.browser.newPage();
    await page.goto(session.url('se.localhost', `/kop-bil/${car.car_id}/${car.slug}`));
    const gallery = page.locator('[data-island="carGallery"][data-hydrated="true"]');
    await gallery.getByRole('button', { name: 'Visa i helskärm' }).click();
    const dialog = page.getByRole('dialog');
    const position = dialog.locator('.car-gallery__position');
    const total = Number((await position.textContent())!.match(/av (\d+)/)![1]);
    await page.keyboard.press('ArrowRight');
    await expect(position.textContent()).resolves.toBe(`Bild 2 av ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(position.textContent()).resolves.toBe(`Bild 3 av ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(position.textContent()).resolves.toBe(`Bild 2 av ${total}`);
    await page.close();
  });

  it('names the mobile menu button after what it does: Meny when closed, Stäng menyn when open', async () => {
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(session.url('se.localhost', '/'));
    const toggle = page.locator('.menu-toggle');
    await expect(toggle.textContent()).resolves.toBe('Meny');
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(toggle.textContent()).resolves.toBe('Stäng menyn');
    await page.keyboard.press('Escape');
    await expect(toggle.textContent()).resolves.toBe('Meny');
    await page.close();
  });

  it('keeps the filters chosen on the car list on the link to the other language', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('fi.localhost', '/autot'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    // The first value of the first (open) facet: a brand.
    const value = page.locator('.facet__value').first();
    const brand = (await value.locator('.facet__label').textContent())!;
    await value.click();
    await page.waitForURL(/car_brand=/);
    const swedish = page.locator('.language-switch a[hreflang="sv"]');
    await expect(swedish.getAttribute('href')).resolves.toBe(`/sv/autot${new URL(page.url()).search}`);
    await swedish.click();
    await page.waitForURL(/\/sv\/autot\?/);
    expect(new URL(page.url()).searchParams.getAll('car_brand')).toEqual([brand]);
    await expect(page.locator('.facet__value[aria-checked="true"] .facet__label').first().textContent()).resolves.toBe(
      brand,
    );
    await page.close();
  });
});
