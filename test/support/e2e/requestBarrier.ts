import type { Page } from 'playwright-core';
import { PAGE_DEADLINE_MS } from './deadlines.js';

/**
 * Returns once the test has seen a request the page sends now, after its pending tasks and React work
 * (three message-channel turns and a timer turn) have run. Playwright reports a page's requests in the
 * order it sent them, so any request the page started before is in the test's hands by then: an
 * assertion that something was not sent needs no sleep.
 */
export async function afterRequestsSoFar(page: Page): Promise<void> {
  const marker = `/robots.txt?request-barrier=${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker), { timeout: PAGE_DEADLINE_MS });
  await page.evaluate(async (path) => {
    for (let turn = 0; turn < 3; turn++)
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await fetch(path).catch(() => undefined);
  }, marker);
  await seen;
}
