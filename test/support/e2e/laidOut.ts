import type { Locator, Page } from 'playwright-core';

/** Resolves after the page's next two frames: what changed size in the first (a card that came into view) is laid out. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Clicks a control below a list of `content-visibility: auto` cards (the car list's 'Visa fler bilar'). Scrolled to
 * at once, the cards that came near the screen are laid out at their own height in the next frames, scroll
 * anchoring moving what is on screen: clicked then, the control can move between press and release and the click
 * land on the element under it (on a loaded machine, nothing happened). A shopper's finger reaches it after.
 */
export async function clickWhenLaidOut(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await nextFrames(control.page());
  await control.click();
}
