import type { Page } from 'playwright-core';
import { PAGE_DEADLINE_MS } from './deadlines.js';

/** A fixed start, so what the page derives from the date is the same on every run. */
const START = new Date('2026-03-02T09:00:00Z');

/**
 * Playwright's fake clock in the page from its first script on, standing still: the page's timers
 * (setTimeout, setInterval, Date, requestAnimationFrame) move only when the test calls
 * `page.clock.runFor(ms)`, which fires what falls due synchronously. Time is then the test's subject,
 * not the machine's pace. Call before the page's first `goto`.
 */
export async function stillClock(page: Page): Promise<void> {
  await page.clock.install({ time: START });
  // The clock runs from install until paused (on about:blank): pause a little ahead, never in its past.
  await page.clock.pauseAt(START.getTime() + 60_000);
}

/**
 * Moves a still clock on in small steps until `done` holds: for a wait that starts only after some
 * network answer (a retry's delay), where no one step can know when the page set its timer.
 */
export async function runClockUntil(
  page: Page,
  done: () => boolean | Promise<boolean>,
  what: string,
  { stepMs = 100, timeoutMs = PAGE_DEADLINE_MS } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} not seen in ${timeoutMs} ms of real time`);
    await page.clock.runFor(stepMs);
  }
}
