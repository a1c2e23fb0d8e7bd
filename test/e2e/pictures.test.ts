import { jest } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { marketById } from '../../markets/registry.js';
import { browseSharedSite } from '../support/e2e/sharedSite.js';
import { eventually } from '../support/e2e/eventually.js';
import { samplePages } from '../../scripts/stack/samplePages.js';
import { SWEEP_DEADLINE_MS } from '../support/e2e/deadlines.js';

/**
 * Every picture a shopper sees is sent at the width it is painted at, in a modern format (issues 30 and 38): on a
 * phone (390×844, 2× pixels) and a desktop (1440×1000), for every picture in view on the se car list, a car
 * page (its gallery, and the 360° view once opened), home, a content page, a site and the site list, a story and
 * the story list and the kits, the file is between 1/1.05 and 2 times the width it is painted at (its box's, or
 * for a cover crop its box's height × its aspect) × the pixel ratio (smaller only where the original is) and its
 * answer is AVIF or WebP. The page's LCP picture is fetched first and preloaded in the head with the very srcset
 * and sizes it has; every other picture is lazy.
 */
const session = browseSharedSite();
jest.setTimeout(SWEEP_DEADLINE_MS); // every picture of a dozen pages at three widths

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  { name: 'desktop', viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 },
] as const;

/** A picture may be painted this much larger than its file (rounding of the allowed widths), no more. */
const MAX_ENLARGEMENT = 1.05;

interface Shown {
  src: string;
  /** The file's width in pixels (an img's naturalWidth is in CSS px: the file's over its srcset density). */
  file: number;
  /** The CSS px across the picture is painted at: wider than its box when `object-fit: cover` crops it. */
  painted: number;
  asked: number | null;
  lazy: boolean;
  priority: boolean;
  inView: boolean;
}

/** Every <img> of the page (a map's tiles are Leaflet's, not ours), once those in view have loaded. */
async function pictures(page: Page): Promise<Shown[]> {
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const box = img.getBoundingClientRect();
      const inView = box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      return !inView || (img.complete && img.naturalWidth > 0);
    }),
  );
  return page.evaluate(() =>
    Promise.all(
      [...document.images]
        .filter((img) => !img.closest('.leaflet-container'))
        .map(async (img) => {
          const box = img.getBoundingClientRect();
          const src = img.currentSrc || img.src;
          const asked = new URL(src, location.href).searchParams.get('w');
          // A cover crop paints the picture at its box's width or at its box's height × its aspect, the larger.
          const fit = getComputedStyle(img).objectFit;
          const across = img.naturalHeight > 0 ? (box.height * img.naturalWidth) / img.naturalHeight : box.width;
          const painted =
            fit === 'cover' ? Math.max(box.width, across) : fit === 'contain' ? Math.min(box.width, across) : box.width;
          // The file itself, from the memory cache: an Image without srcset has the file's width as its own.
          const file = await new Promise<number>((resolve) => {
            const probe = new Image();
            probe.onload = () => resolve(probe.naturalWidth);
            probe.onerror = () => resolve(0);
            probe.src = src;
          });
          return {
            src,
            file,
            painted,
            asked: asked === null ? null : Number(asked),
            lazy: img.loading === 'lazy',
            priority: img.getAttribute('fetchpriority') === 'high',
            inView: box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth,
          };
        }),
    ),
  );
}

/** What is wrong with the pictures in view: their width for the screen (as painted), their format. */
function sizeProblems(shown: Shown[], ratio: number, types: Map<string, string>, where: string): string[] {
  const photos = shown.filter((i) => i.inView && !/\.svg(\?|$)/.test(new URL(i.src).pathname));
  const problems = photos.length === 0 ? [`${where}: no photograph in view`] : [];
  for (const img of photos) {
    const need = img.painted * ratio;
    const name = `${where}: ${new URL(img.src).pathname} painted at ${Math.round(img.painted)} CSS px`;
    // Smaller than needed only when the pipeline had no more: it sent fewer pixels than were asked for.
    const originalSmaller = img.asked !== null && img.file < img.asked;
    if (img.file * MAX_ENLARGEMENT < need && !originalSmaller)
      problems.push(`${name}: its ${img.file} px file is painted ${(need / img.file).toFixed(2)}× larger`);
    if (img.file > 2 * need + 1) problems.push(`${name}: ${img.file} px > twice the ${Math.round(need)} needed`);
    const type = types.get(img.src);
    if (type !== 'image/avif' && type !== 'image/webp') problems.push(`${name}: sent as ${type ?? 'nothing seen'}`);
  }
  return problems;
}

/** The LCP picture is fetched first and preloaded in the head with the same srcset and sizes; the rest are lazy. */
async function priorityProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const first = document.querySelectorAll('img[fetchpriority="high"]');
    const img = first[0] as HTMLImageElement | undefined;
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    const preloaded =
      img &&
      preloads.some(
        (l) =>
          l.getAttribute('imagesrcset') === img.getAttribute('srcset') &&
          l.getAttribute('imagesizes') === img.getAttribute('sizes') &&
          l.getAttribute('fetchpriority') === 'high',
      );
    // The 360° view's frames are loaded at once on purpose; a map's tiles are Leaflet's.
    const eager = [...document.images].filter(
      (i) =>
        i.loading !== 'lazy' &&
        i.getAttribute('fetchpriority') !== 'high' &&
        !i.closest('.car-gallery__360, .leaflet-container'),
    );
    return {
      count: first.length,
      preloaded: Boolean(preloaded),
      lazy: img?.loading === 'lazy',
      eager: eager.map((i) => i.src),
    };
  });
  const problems: string[] = [];
  if (found.count === 0) problems.push(`${where}: no picture with fetchpriority=high`);
  else if (!found.preloaded)
    problems.push(`${where}: the LCP picture has no preload in the head with its srcset and sizes`);
  if (found.lazy) problems.push(`${where}: the LCP picture is lazy`);
  for (const src of found.eager) problems.push(`${where}: ${src} is neither lazy nor the LCP picture`);
  return problems;
}

async function carOf(index: string): Promise<{ car_id: string; slug: string }> {
  const res = await fetch(`${session.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      index,
      limit: 20,
      fields: ['car_id', 'slug', 'car_media_360'],
      filters: [{ field: 'car_is_sample', values: [false] }],
    }),
  });
  const cars = ((await res.json()) as { content: { car_id: string; slug: string; car_media_360?: string[] }[] })
    .content;
  return cars.find((car) => (car.car_media_360?.length ?? 0) > 1) ?? cars[0]!;
}

describe('pictures at the width they are shown', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => Promise.all(contexts.map((c) => c.close())));

  it.each(SCREENS)(
    'on a $name every picture in view is 1×–2× the width it is painted at × pixel ratio, AVIF or WebP; the LCP picture is preloaded and first, the rest lazy',
    async (screen) => {
      const se = marketById('se');
      const { pages } = await samplePages({ url: session.url('localhost', '') }, se);
      const pathOf = (name: string) => pages.find((p) => p.name === name)?.path;
      const ukCar = await carOf('cars-uk');
      const targets = [
        { where: 'se car list', host: se.devHostname, path: se.paths.carList, lcp: true },
        { where: 'se home', host: se.devHostname, path: '/', lcp: true },
        { where: 'se site', host: se.devHostname, path: pathOf('site')!, lcp: true },
        { where: 'se story', host: se.devHostname, path: pathOf('story')!, lcp: true },
        { where: 'se content page', host: se.devHostname, path: pathOf('content page')!, lcp: true },
        { where: 'se site list', host: se.devHostname, path: pathOf('site list')!, lcp: true },
        { where: 'se story list', host: se.devHostname, path: se.paths.stories, lcp: true },
        { where: 'se kits', host: se.devHostname, path: pathOf('kits')!, lcp: true },
        { where: 'uk car', host: 'uk.localhost', path: `/buy-car/car/${ukCar.car_id}/${ukCar.slug}`, lcp: true },
      ];
      const problems: string[] = [];
      const context = await session.browser.newContext({
        viewport: screen.viewport,
        deviceScaleFactor: screen.deviceScaleFactor,
      });
      contexts.push(context);
      const page = await context.newPage();
      const types = new Map<string, string>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'image') types.set(res.url(), res.headers()['content-type'] ?? '');
      });
      for (const target of targets) {
        const where = `${screen.name} ${target.where} ${target.path}`;
        const answer = await page.goto(session.url(target.host, target.path));
        expect(answer?.status()).toBe(200);
        problems.push(...sizeProblems(await pictures(page), screen.deviceScaleFactor, types, where));
        if (target.lcp) problems.push(...(await priorityProblems(page, where)));
      }
      // The 360° view, once opened: its frames at the shown width, all fetched at once, none fetched by turning.
      const car = targets.at(-1)!;
      await page.locator('[data-island="carGallery"][data-hydrated="true"]').waitFor();
      const asked: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'image') asked.push(req.url());
      });
      await page.getByRole('button', { name: '360° view' }).click();
      const slider = page.locator('.car-gallery__stage--360');
      await slider.locator('img').waitFor();
      const frames = Number(await slider.getAttribute('aria-valuemax'));
      expect(
        await eventually(
          () => new Set(asked).size,
          (size) => size >= frames,
        ),
      ).toBeGreaterThanOrEqual(frames);
      const fetched = new Set(asked).size;
      problems.push(
        ...sizeProblems(await pictures(page), screen.deviceScaleFactor, types, `${screen.name} ${car.where} 360°`),
      );
      await slider.focus();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('6');
      expect(new Set(asked).size).toBe(fetched);
      expect(problems).toEqual([]);
    },
  );
});
