import { chromium, type Browser } from 'playwright-core';
import { launchChromium } from '../../../scripts/stack/browser.js';
import { PAGE_DEADLINE_MS } from './deadlines.js';
import { slotStackUrls } from '../slotStacks.js';

/**
 * This worker's warm Chromium (globalSetup.mjs), connected; a Chromium of its own when there is none
 * (a run outside the e2e project). `close()` closes the contexts this file opened and lets the browser be.
 * Every page and context it opens waits up to PAGE_DEADLINE_MS.
 */
export async function warmBrowser(): Promise<Browser> {
  const ws = slotStackUrls('e2e')?.chromium;
  const browser = ws ? await chromium.connect(ws) : await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_DEADLINE_MS);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // The page owns its context, as with Browser.newPage (the context may be gone with the connection).
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}
