import { jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import { marketUrl, startRunningBff } from '../support/runningBff.js';

jest.setTimeout(30_000);

let bff: Awaited<ReturnType<typeof startRunningBff>>;
let browser: Browser;

beforeAll(async () => {
  bff = await startRunningBff();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await bff?.shutdown('test over');
});

describe('islands in a real browser', () => {
  it('hydrates the demo island so a click changes its state, with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(marketUrl(bff, 'se.localhost', '/demo'));
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
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(marketUrl(bff, 'uk.localhost', '/'));
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    await page.close();
  });
});
