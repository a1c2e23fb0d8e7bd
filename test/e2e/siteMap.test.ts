import { describe, expect, it } from '@jest/globals';
import { browseSharedSite } from '../support/e2e/sharedSite.js';

/** The site page's map (issue 16): the shared LazyMap at the site's position, loaded when it scrolls into view. */
const session = browseSharedSite();

async function firstSite(): Promise<{ slug: string; site_official_name: string }> {
  const res = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index: 'sites-se', limit: 1, fields: ['slug', 'site_official_name'] }),
  });
  return ((await res.json()) as { content: { slug: string; site_official_name: string }[] }).content[0]!;
}

describe('site page map', () => {
  it('loads Leaflet only when the map scrolls into view, then shows the site’s pin on tiles', async () => {
    const site = await firstSite();
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 400 } });
    const tiles: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('map-tiles')) tiles.push(req.url());
    });
    await page.goto(session.url('se.localhost', `/anlaggningar/${site.slug}`));
    const map = page.getByRole('region', { name: `Karta över ${site.site_official_name}` });
    await page.locator('[data-island="siteMap"][data-hydrated="true"]').waitFor();
    await expect(map.getAttribute('data-map-status')).resolves.toBe('waiting');
    expect(tiles).toEqual([]);
    await map.scrollIntoViewIfNeeded();
    await page.locator('.lazy-map[data-map-status="ready"] .lazy-map__pin').waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(tiles.length).toBeGreaterThan(0);
    await page.close();
  });

  it('keeps the address, the directions link and the position link without script', async () => {
    const site = await firstSite();
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(session.url('se.localhost', `/anlaggningar/${site.slug}`));
    await expect(page.locator('address').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Vägbeskrivning i Google Maps' }).count()).resolves.toBe(1);
    await expect(
      page.getByRole('link', { name: new RegExp(`Visa ${site.site_official_name} på kartan`) }).getAttribute('href'),
    ).resolves.toMatch(/openstreetmap/);
    await expect(page.locator('.site-map__drawing').count()).resolves.toBe(0);
    await context.close();
  });
});
