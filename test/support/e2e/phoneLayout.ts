import type { Page } from 'playwright-core';

/** The tallest a phone's header may be and still be one row. */
export const PHONE_HEADER_MAX_PX = 64;

/**
 * What is wrong with the page as it is now scrolled, for a shopper on a phone: sideways scroll, and the
 * sticky header or the booking's bottom sheet painted over (the element at their centre line is not theirs).
 */
export async function layoutProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    // Leaflet's tiles take no pointer events, so hit-testing would look through them: here it follows the painting.
    if (!document.getElementById('hit-test-as-painted')) {
      const style = document.head.appendChild(document.createElement('style'));
      style.id = 'hit-test-as-painted';
      style.textContent = '.lazy-map, .lazy-map * { pointer-events: auto !important; }';
    }
    const problems: string[] = [];
    const width = document.documentElement.scrollWidth;
    if (width > window.innerWidth) problems.push(`scrollWidth ${width}`);
    for (const selector of ['.site-header', '.booking-sheet']) {
      const part = document.querySelector(selector);
      if (!part) continue;
      const box = part.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
      // The centre, and four more points along the middle line (the map's zoom buttons sit at its left).
      const y = Math.max(0, box.top) + Math.min(box.height, window.innerHeight) / 2;
      for (const share of [0.5, 0.1, 0.3, 0.7, 0.9]) {
        const hit = document.elementFromPoint(box.left + box.width * share, y);
        if (!hit || !part.contains(hit))
          problems.push(`${selector} is covered at ${Math.round(share * 100)}% by ${hit?.className || hit?.tagName}`);
      }
    }
    return problems;
  });
  return found.map((problem) => `${where}: ${problem}`);
}

/** Checks the page as it is, then scrolled so a map (when it has one, once drawn) lies under the sticky header. */
export async function checkScrolled(page: Page, where: string): Promise<string[]> {
  const problems = await layoutProblems(page, where);
  const map = page.locator('.lazy-map').first();
  if ((await map.count()) > 0) {
    await map.scrollIntoViewIfNeeded();
    await page
      .locator('.lazy-map[data-map-status="ready"], .lazy-map[data-map-status="unavailable"]')
      .first()
      .waitFor();
    await page.evaluate(() => {
      const top = document.querySelector('.lazy-map')!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top + 20);
    });
  } else {
    await page.evaluate(() => window.scrollTo(0, 400));
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return [...problems, ...(await layoutProblems(page, `${where}, scrolled`))];
}

/** A page's phone layout as a shopper first meets it: the header one row, then checkScrolled. */
export async function phoneLayoutProblems(page: Page, where: string): Promise<string[]> {
  const header = await page.locator('.site-header').boundingBox();
  const tall = !header || header.height > PHONE_HEADER_MAX_PX ? [`${where}: header ${header?.height} px high`] : [];
  return [...tall, ...(await checkScrolled(page, where))];
}
