import type { Page } from 'playwright-core';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { eventually } from '../support/e2e/eventually.js';
import { stillClock } from '../support/e2e/pageClock.js';

const session = browseSharedSite();

/** The slide the carousel track shows (slides are one track width each). */
const currentSlide = (page: Page) =>
  page
    .locator('[data-carousel-track]')
    .first()
    .evaluate((track) => Math.round(track.scrollLeft / track.clientWidth));

/** The slide shown once the track's (smooth) scroll arrives there. */
const slideShown = async (page: Page, slide: number) =>
  expect(
    await eventually(
      () => currentSlide(page),
      (shown) => shown === slide,
    ),
  ).toBe(slide);

/**
 * In the page before its scripts: counts the scrolls asked of the first carousel's track, at the moment they are
 * asked (a smooth scroll arrives later, on the browser's own time), so a move the fake clock's timers
 * started is seen as soon as `runFor` returns.
 */
function countTrackMoves() {
  const scrollTo = Element.prototype.scrollTo;
  const moves = { count: 0 };
  Object.assign(window, { carouselTrackMoves: moves });
  Element.prototype.scrollTo = function (this: Element, ...args: Parameters<Element['scrollTo']>) {
    if (this === document.querySelector('[data-carousel-track]')) moves.count++;
    return scrollTo.apply(this, args as never);
  } as Element['scrollTo'];
}
const trackMoves = (page: Page) =>
  page.evaluate(() => (window as unknown as { carouselTrackMoves: { count: number } }).carouselTrackMoves.count);

describe('content blocks in a real browser', () => {
  it('moves the carousel with next and previous, autoplays every 5 s and pauses on request', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await stillClock(page);
    await page.addInitScript(countTrackMoves);
    await page.goto(session.url('se.localhost', '/'));
    const carousel = page.locator('[data-carousel]').first();
    await page.mouse.move(0, 0);
    // Autoplay: not before 5 s, the next slide at 5 s, without the pointer on it.
    await page.clock.runFor(4_900);
    expect(await trackMoves(page)).toBe(0);
    await page.clock.runFor(100);
    expect(await trackMoves(page)).toBe(1);
    await slideShown(page, 1);

    const toggle = carousel.getByRole('button', { name: 'Pausa bildspelet' });
    await toggle.click();
    expect(await carousel.getByRole('button', { name: 'Starta bildspelet' }).count()).toBe(1);
    expect(await carousel.locator('[data-carousel-track]').getAttribute('aria-live')).toBe('polite');
    await carousel.getByRole('button', { name: 'Nästa bild' }).click();
    await slideShown(page, 2);
    await carousel.getByRole('button', { name: 'Föregående bild' }).click();
    await slideShown(page, 1);
    await page.mouse.move(0, 0);
    // Paused: well past the interval, the carousel asks the track for no move (a move would start in the timer).
    const moves = await trackMoves(page);
    await page.clock.runFor(11_000);
    expect(await trackMoves(page)).toBe(moves);
    expect(await currentSlide(page)).toBe(1);
    await page.close();
  });

  it('does not autoplay the carousel for a shopper who prefers reduced motion', async () => {
    const page = await session.browser.newPage({ reducedMotion: 'reduce' });
    await stillClock(page);
    await page.addInitScript(countTrackMoves);
    await page.goto(session.url('se.localhost', '/'));
    const carousel = page.locator('[data-carousel]').first();
    expect(await carousel.getByRole('button', { name: 'Starta bildspelet' }).count()).toBe(1);
    await page.clock.runFor(11_000);
    expect(await trackMoves(page)).toBe(0);
    expect(await currentSlide(page)).toBe(0);
    // The count sees a move: the shopper's own click moves the track.
    await carousel.getByRole('button', { name: 'Nästa bild' }).click();
    expect(await trackMoves(page)).toBe(1);
    await slideShown(page, 1);
    await page.close();
  });

  it('loads the video player only when the shopper clicks play', async () => {
    const page = await session.browser.newPage();
    const playerRequests: string[] = [];
    await page.route('https://www.youtube-nocookie.com/**', (route) => {
      playerRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    });
    await page.goto(session.url('se.localhost', '/'));
    expect(await page.locator('iframe').count()).toBe(0);
    expect(playerRequests).toEqual([]);
    await page.getByRole('button', { name: /^Spela upp videon:/ }).click();
    const frame = page.locator('iframe.video-embed__player');
    expect(await frame.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1$/,
    );
    await page.waitForFunction(() => document.activeElement?.tagName === 'IFRAME');
    await page.close();
  });

  it('copies the page link and says so; shows native share only where the browser has it', async () => {
    const context = await session.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(session.url('se.localhost', '/')).origin,
    });
    const page = await context.newPage();
    await page.goto(session.url('se.localhost', '/'));
    const share = page.locator('[data-share]').first();
    await share.getByRole('button', { name: 'Kopiera länk' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-share-status]')?.textContent === 'Länken är kopierad',
    );
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    const canShare = await page.evaluate(() => typeof navigator.share === 'function');
    expect(await share.getByRole('button', { name: 'Dela via …' }).isVisible()).toBe(canShare);
    await context.close();
  });

  it('lists three files and the rest behind show all', async () => {
    const page = await session.browser.newPage();
    await page.goto(session.url('se.localhost', '/'));
    const files = page.locator('.file-downloads').first();
    const visibleLinks = () => files.locator('a:visible').count();
    expect(await visibleLinks()).toBe(3);
    await files.getByText('Visa alla (5)').click();
    expect(await visibleLinks()).toBe(5);
    expect(await files.getByText('Visa färre').isVisible()).toBe(true);
    await page.close();
  });

  it('ticks the countdown each minute', async () => {
    const page = await session.browser.newPage();
    await page.clock.install();
    await page.goto(session.url('se.localhost', '/'));
    const minutes = page.locator('[data-countdown] [data-unit="minutes"]').first();
    const before = Number(await minutes.textContent());
    await page.clock.runFor('01:00');
    const after = Number(await minutes.textContent());
    expect(after).toBe(before === 0 ? 59 : before - 1);
    await page.close();
  });
});
