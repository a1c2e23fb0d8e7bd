import { AxeBuilder } from '@axe-core/playwright';
import { startBrowserSession } from '../support/browserSession.js';

const session = startBrowserSession();

describe('layout in a real browser', () => {
  it('opens and closes the mobile drawer and a section by keyboard, Escape giving focus back', async () => {
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    await page.goto(session.url('se.localhost', '/'));
    const toggle = page.getByRole('button', { name: 'Meny' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const drawer = page.locator('#site-menu');
    expect(await drawer.isVisible()).toBe(true);

    await page.keyboard.press('Tab');
    const section = page.locator('.main-nav__top[aria-expanded]').first();
    await expect(section.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(section.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    const firstLink = page.locator('.mega-panel:not([hidden]) a').first();
    await expect(firstLink.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await page.keyboard.press('Escape');
    await expect(section.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(section.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(toggle.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await drawer.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps a dismissed alert hidden after a reload', async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    await page.goto(session.url('se-used.localhost', '/'));
    const banner = page.locator('[data-alert]');
    expect(await banner.count()).toBe(1);
    await page.getByRole('button', { name: 'Stäng meddelandet' }).click();
    expect(await banner.count()).toBe(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'hideAlert');
    expect(cookie).toMatchObject({ value: 'true', path: '/' });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
    await page.reload();
    expect(await page.locator('[data-alert]').count()).toBe(0);
    await context.close();
  });

  it('has no serious or critical accessibility violation on the home page', async () => {
    const context = await session.browser.newContext(); // axe-core needs a page of its own context
    const page = await context.newPage();
    await page.goto(session.url('se.localhost', '/'));
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
