import { startBrowserSession } from '../support/browserSession.js';

const session = startBrowserSession();

describe('islands in a real browser', () => {
  it('hydrates the demo island so a click changes its state, with no CSP violation', async () => {
    const page = await session.browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(session.url('se.localhost', '/demo'));
    const counter = page.locator('[data-island="counter"]');
    await page.locator('[data-island="counter"][data-hydrated="true"]').waitFor();
    const output = counter.locator('output');
    await expect(output.textContent()).resolves.toBe('0');
    await counter.getByRole('button', { name: 'Öka' }).click();
    await counter.getByRole('button', { name: 'Öka' }).click();
    await counter.getByRole('button', { name: 'Minska' }).click();
    await expect(output.textContent()).resolves.toBe('1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads only the small enhance script, and no React, on a page without islands', async () => {
    const page = await session.browser.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(session.url('uk.localhost', '/'));
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    await page.close();
  });
});
