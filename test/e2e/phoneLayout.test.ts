import { describe, expect, it } from '@jest/globals';
import { startBrowserSession } from '../support/browserSession.js';
import { checkScrolled, layoutProblems } from '../support/e2e/phoneLayout.js';

/**
 * What a shopper on a phone (390×844) meets on every step of the booking and the tire hotel (issue 26):
 * nothing scrolls sideways, and the sticky header and the booking's bottom sheet are on top of the maps
 * (the element at their centre is theirs). Every page type of every market is held to the same on the page
 * sweep's phone visit (test/support/everyPageChecks.ts).
 */
process.env.SANDBOX_STREAM_INTERVAL_MS = '100';
const session = startBrowserSession();

const PHONE = { width: 390, height: 844 };
const CODES: Record<string, string> = { ABC123: '1234' };

describe('on a phone (390×844)', () => {
  it('every booking step: no sideways scroll; the header and the bottom sheet, collapsed and expanded, stay over the map', async () => {
    const context = await session.browser.newContext({
      viewport: PHONE,
      geolocation: { latitude: 59.33, longitude: 18.07 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const problems: string[] = [];
    await page.goto(session.url('se.localhost', '/service-och-verkstad/boka-service'));
    await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
    problems.push(...(await layoutProblems(page, 'step 1')));
    await page.getByRole('textbox', { name: 'Registreringsnummer', exact: true }).fill('ABC123');
    await button('Använd min plats').click();
    await page.waitForFunction(
      () => (document.querySelector('[role="combobox"]') as HTMLInputElement | null)?.value !== '',
    );
    await button('Fortsätt').click();
    await page.getByRole('checkbox', { name: 'Oljeservice', exact: true }).check();
    problems.push(...(await layoutProblems(page, 'step 2')));
    await button('Fortsätt').click();
    await page.getByRole('heading', { level: 2, name: /Välj tillval/ }).waitFor();
    problems.push(...(await layoutProblems(page, 'step 3')));
    await button('Fortsätt utan tillval').click();
    await page.getByRole('heading', { level: 2, name: /Verkstad, tid/ }).waitFor();
    const radios = page.locator('.workshop-card input[type="radio"]');
    await page.waitForFunction(() => document.querySelectorAll('.workshop-card input[type="radio"]').length === 5);

    // Before a choice the map frames every listed workshop.
    await page.locator('.booking-map .lazy-map').scrollIntoViewIfNeeded();
    await page.locator('.booking-map [data-map-status="ready"]').waitFor();
    const pinsInView = await page.evaluate(() => {
      const frame = document.querySelector('.booking-map .lazy-map')!.getBoundingClientRect();
      return [...document.querySelectorAll('.booking-map .lazy-map__pin')].filter((pin) => {
        const box = pin.getBoundingClientRect();
        return box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom;
      }).length;
    });
    expect(pinsInView).toBe(5);

    problems.push(...(await checkScrolled(page, 'step 4')));
    // The sheet's bar over the map: scroll the map behind it.
    await page.evaluate(() => {
      const map = document.querySelector('.booking-map .lazy-map')!.getBoundingClientRect();
      window.scrollBy(0, map.bottom - window.innerHeight + 20);
    });
    problems.push(...(await layoutProblems(page, 'step 4, map behind the sheet')));
    await page.getByRole('button', { name: /Din bokning/ }).click();
    await page.waitForFunction(() => document.querySelector('.booking-sheet')!.getBoundingClientRect().height > 600);
    problems.push(...(await layoutProblems(page, 'step 4, sheet expanded')));
    await page.keyboard.press('Escape');

    await radios.first().check();
    await page.locator('.slot:not(.slot--full-day) input[type="radio"]').first().check();
    await page.getByRole('textbox', { name: 'Förnamn' }).fill('Anna');
    await page.getByRole('textbox', { name: 'Efternamn' }).fill('Andersson');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('+46 70 123 45 67');
    await page.getByRole('textbox', { name: 'E-post' }).fill('anna@example.se');
    problems.push(...(await checkScrolled(page, 'step 4, chosen')));
    await button('Boka').click();
    await page.getByRole('heading', { name: 'Bokning bekräftad' }).waitFor();
    problems.push(...(await checkScrolled(page, 'confirmation')));
    await context.close();
    expect(problems).toEqual([]);
  });

  it('every tire-hotel step: no sideways scroll; the chosen day shows its number; a reload of the confirmation does not offer the rating again', async () => {
    const context = await session.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const block = page.locator('[data-island="tirehotel"][data-hydrated="true"]');
    const problems: string[] = [];
    await page.goto(session.url('se.localhost', '/service-och-verkstad/dack/dackhotell'));
    await block.waitFor();
    problems.push(...(await layoutProblems(page, 'search')));
    await block.getByLabel('Registreringsnummer').fill('ABC123');
    await block.getByRole('button', { name: 'Fortsätt' }).click();
    await block.getByRole('button', { name: 'Skicka kod' }).waitFor();
    problems.push(...(await layoutProblems(page, 'login')));
    await block.getByRole('button', { name: 'Skicka kod' }).click();
    await block.getByLabel('Siffra 1 av 4').pressSequentially(CODES.ABC123!);
    problems.push(...(await layoutProblems(page, 'validate')));
    await block.getByRole('button', { name: 'Verifiera kod' }).click();
    await block.getByRole('heading', { name: 'Ditt fordon' }).waitFor();
    problems.push(...(await layoutProblems(page, 'logged in')));
    await block.getByRole('button', { name: 'Boka hjulskifte' }).click();
    const day = block.locator('.rdp-day:not(.rdp-disabled):not(.rdp-outside) button').first();
    await day.waitFor();
    problems.push(...(await layoutProblems(page, 'calendar')));
    const calendar = await block.locator('.tirehotel__calendar').boundingBox();
    const card = await block.boundingBox();
    expect(calendar!.x + calendar!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await day.click();
    const chosen = block.locator('.rdp-selected button');
    const colours = await chosen.evaluate((el) => ({
      text: getComputedStyle(el).color,
      fill: getComputedStyle(el).backgroundColor,
    }));
    expect(colours.text).not.toBe(colours.fill);
    await block.getByRole('radio').first().check();
    await block.getByLabel('Förnamn').fill('Kim');
    await block.getByLabel('Efternamn').fill('Testsson');
    await block.getByLabel('Mobilnummer').fill('070-123 45 67');
    await block.getByLabel('E-post').fill('kim.testsson.with.a.long.address@example.se');
    problems.push(...(await layoutProblems(page, 'booking form')));
    await block.getByRole('button', { name: 'Genomför bokning' }).click();
    await block.getByRole('heading', { name: 'Tack för din bokningsförfrågan' }).waitFor();
    problems.push(...(await layoutProblems(page, 'confirmation')));

    const reviews = session.sandbox.ctx.stats.tirehotelReviews.length;
    await block.getByRole('radio', { name: '4 av 5 stjärnor' }).check({ force: true });
    await block.getByRole('button', { name: 'Skicka betyg' }).click();
    await block.getByText('Tack för din betygsättning').waitFor();
    await page.reload();
    await block.getByRole('heading', { name: 'Tack för din bokningsförfrågan' }).waitFor();
    await expect(block.getByText('Tack för din betygsättning').isVisible()).resolves.toBe(true);
    await expect(block.getByRole('button', { name: 'Skicka betyg' }).count()).resolves.toBe(0);
    expect(session.sandbox.ctx.stats.tirehotelReviews.length).toBe(reviews + 1);
    await context.close();
    expect(problems).toEqual([]);
  });

  it('the scroll-to-top button covers neither the footer copyright at the page end nor, beside the compare bar, the page', async () => {
    const page = await session.browser.newPage({ viewport: PHONE });
    await page.goto(session.url('uk.localhost', '/'));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const toTop = page.locator('.scroll-top');
    await toTop.waitFor();
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const copyright = await page.locator('.site-footer > p').last().boundingBox();
    expect(overlaps((await toTop.boundingBox())!, copyright!)).toBe(false);

    // A UK car with the compare bar: the button sits in the bar, not over the finance card.
    await page.goto(session.url('uk.localhost', '/buy-car/used-cars'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    await page.locator('.car-card .compare-toggle__button').first().click();
    const bar = page.locator('.compare-bar');
    await bar.waitFor();
    await page.evaluate(() => window.scrollTo(0, 2000));
    await toTop.waitFor();
    const barBox = (await bar.boundingBox())!;
    const buttonBox = (await toTop.boundingBox())!;
    expect(buttonBox.y).toBeGreaterThanOrEqual(barBox.y);
    const buttons = await bar.getByRole('button').all();
    for (const other of buttons) expect(overlaps(buttonBox, (await other.boundingBox())!)).toBe(false);
    await page.close();
  });
});

describe('the first screen of a phone (390×844)', () => {
  it('shows the page’s h1 under a tall hero, and car thumbnails as pictures, not strips (issue 32)', async () => {
    const page = await session.browser.newPage({ viewport: PHONE });
    const problems: string[] = [];
    for (const [host, path] of [
      ['se.localhost', '/om-oss'],
      ['se.localhost', '/'],
    ] as const) {
      await page.goto(session.url(host, path));
      const h1 = (await page.locator('h1').first().boundingBox())!;
      if (h1.y + h1.height > PHONE.height) problems.push(`${path}: h1 at y ${Math.round(h1.y)}`);
    }
    const search = await fetch(`${session.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        index: 'cars-se',
        limit: 20,
        fields: ['car_id', 'slug', 'car_images'],
        filters: [{ field: 'car_is_sample', values: [false] }],
      }),
    });
    const car = (
      (await search.json()) as { content: { car_id: string; slug: string; car_images: string[] }[] }
    ).content.find((c) => c.car_images.length > 3)!;
    await page.goto(session.url('se.localhost', `/kop-bil/${car.car_id}/${car.slug}`));
    const thumb = (await page.locator('.car-gallery__thumbs img').first().boundingBox())!;
    if (thumb.width < 90 || Math.abs(thumb.width / thumb.height - 4 / 3) > 0.05)
      problems.push(`thumbnail ${Math.round(thumb.width)}×${Math.round(thumb.height)}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('on a desktop (1440×1000)', () => {
  it('the booking summary sticks below the sticky header, its heading in view', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1440, height: 1000 },
      geolocation: { latitude: 59.33, longitude: 18.07 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(session.url('se.localhost', '/service-och-verkstad/boka-service'));
    await page.waitForFunction(() => document.documentElement.dataset.bookingReady === 'true');
    await page.getByRole('textbox', { name: 'Registreringsnummer', exact: true }).fill('ABC123');
    await page.getByRole('button', { name: 'Använd min plats' }).click();
    await page.waitForFunction(
      () => (document.querySelector('[role="combobox"]') as HTMLInputElement | null)?.value !== '',
    );
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Oljeservice', exact: true }).check();
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await page.getByRole('button', { name: 'Fortsätt utan tillval' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.workshop-card input[type="radio"]').length === 5);
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const header = (await page.locator('.site-header').boundingBox())!;
    const heading = (await page.locator('.booking-summary h2').boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(await layoutProblems(page, 'desktop booking')).toEqual([]);
    await context.close();
  });
});
