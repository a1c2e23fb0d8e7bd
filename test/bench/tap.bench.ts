// npm run bench:tap — how soon a phone answers the first tap (issue 49): Debian's Chromium at 390 px, the CPU
// slowed 4× and slow 4G (DevTools' preset, Lighthouse's mobile throttling), a fresh profile per visit. Each page
// type with an island is tapped on its first control twice: while the page is still arriving (as soon as the
// control is in the document, before `load`) and just after `load` (when the island scripts start). The figure is
// the Event Timing API's duration of that interaction (what INP measures; 'good' up to 200 ms): from the touch
// to the next paint after its handlers, waits for a busy main thread included. Then Lighthouse mobile on the car
// list (performance, total blocking time), with its benchmarkIndex, and the machine's load beside every figure.
//   --page=NAME      one page type only (e.g. --page="car list")
//   --rounds=N       visits per target and moment (default 3; the table shows median and worst)
//   --lighthouse=N   Lighthouse runs on the car list (default 3; 0 for none)
//   --market=se      another market
//   --no-build       use the existing client build instead of building it first (a stale build measures old code)
// Lighthouse runs once on the car list unmeasured before its measured runs, and the pictures it asked for are made
// first: its phone (412 px) asks for other picture widths than the taps' (390 px), and a run that waits for them
// measures the BFF's picture work beside the page's own. Beside each run, the main thread's CPU time (its trace's
// thread time): Lighthouse's simulation slows each task's wall time, which on a busy machine holds the time the
// renderer waited for a core (scripts/mainThreadCpu.ts).
import { loadavg } from 'node:os';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBenchStack } from './benchStack.js';
import { median, printTable } from './rounds.js';
import { marketById } from '../../markets/registry.js';
import { MarketIdSchema } from '../../markets/schema.js';
import { DEFAULT_AVIF_EFFORT } from '../../server/config/pictures.js';
import { lighthouseRun } from '../../scripts/lighthouseRun.js';
import { mainThreadCpu } from '../../scripts/mainThreadCpu.js';
import { picturesMade } from '../../scripts/picturesMade.js';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/stack/browser.js';
import { ensureClientBuild, samplePages } from '../../scripts/stack/samplePages.js';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const onlyPage = option('page');
const rounds = Number(option('rounds') ?? 3);
const lighthouseRuns = Number(option('lighthouse') ?? 3);
const market = marketById(MarketIdSchema.parse(option('market') ?? 'se'));

/** DevTools' 'Slow 4G' (Lighthouse's mobileSlow4G as DevTools applies it): 562.5 ms, 1.47 Mbit/s down, 675 kbit/s up. */
const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** What a shopper taps first on each page type with an island: a label and the control (the first visible match). */
const ISLAND_CONTROLS = ':is(button, summary, input, select):not([disabled], [type=hidden])';
const TARGETS: Record<string, Array<{ label: string; selector: string }>> = {
  'car list': [
    { label: 'filter toggle', selector: 'summary.car-list__filter-toggle' },
    { label: "a card's Spara", selector: '[data-island="carList"] button[data-save-car]' },
  ],
  'car detail': [{ label: 'Spara', selector: 'button[data-save-car]' }],
  // With one car saved (savedCarSeed): its toggle, to take it off.
  'saved cars': [{ label: "a saved car's toggle", selector: '[data-island="savedCars"] button[data-save-car]' }],
  // 'Visa fler' is a link (it works without scripts), answered in place once the stories script runs; the tag chips
  // outside the island are links to another page.
  'story list': [{ label: "'load more'", selector: '[data-island="stories"] .stories__load-more' }],
};
const islandTarget = { label: 'first island control', selector: `[data-island] ${ISLAND_CONTROLS}` };

/** Collects every Event Timing entry of an interaction, from the page's first moment (an init script). */
const OBSERVE_INTERACTIONS = `(() => {
  const seen = (window.__interactions = []);
  const keep = (list) => { for (const e of list.getEntries()) if (e.interactionId) seen.push({ id: e.interactionId, name: e.name, duration: e.duration, start: e.startTime }); };
  try { new PerformanceObserver(keep).observe({ type: 'event', buffered: true, durationThreshold: 16 }); } catch {}
  try { new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true }); } catch {}
})();`;

interface Tap {
  /** The interaction's Event Timing duration (ms); 16 when under the API's threshold (nothing reported), NaN when a link left the page. */
  duration: number;
  /** Whether the tap came before the page's `load` event. */
  beforeLoad: boolean;
}

async function tapOnce(
  browser: Browser,
  url: string,
  selector: string,
  moment: 'arriving' | 'loaded',
  seed: string,
): Promise<Tap> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_INTERACTIONS + seed);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await page.goto(url, { waitUntil: moment === 'arriving' ? 'commit' : 'load', timeout: 120_000 });
    const control = page.locator(selector).filter({ visible: true }).first();
    await control.waitFor({ state: 'visible', timeout: 120_000 });
    const beforeLoad = await page.evaluate(() => document.readyState !== 'complete');
    await tap(page, control);
    // A link tapped before its island hydrated is answered by the next page: no figure of this one.
    if (page.url() !== url) return { duration: NaN, beforeLoad };
    // The paint after the tap ends its entry: wait for it (and for `load`, so a visit ends alike).
    await page
      .waitForFunction(() => (window as unknown as { __interactions: unknown[] }).__interactions.length > 0, {
        timeout: 30_000,
        polling: 100,
      })
      .catch(() => undefined);
    const entries = await page.evaluate(
      () => (window as unknown as { __interactions: Array<{ id: number; duration: number }> }).__interactions,
    );
    const first = entries[0]?.id;
    const duration = Math.max(16, ...entries.filter((e) => e.id === first).map((e) => e.duration));
    return { duration, beforeLoad };
  } finally {
    await context.close();
  }
}

/** An init script that keeps the car list's first car as saved in the browser (a shopper's saved-cars page is not empty). */
async function savedCarSeed(carListUrl: string): Promise<string> {
  const page = await browser.newPage();
  await page.goto(carListUrl, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  const car = await page.locator('button[data-save-car]').first().getAttribute('data-save-car');
  await page.close();
  const saved = JSON.stringify([{ ...(JSON.parse(car ?? '{}') as object), at: Date.now() }]);
  return `;localStorage.getItem('savedCars') || localStorage.setItem('savedCars', ${JSON.stringify(saved)});`;
}

/** A touch at the control's centre, scrolled into view first as a shopper would (no actionability waits). */
async function tap(page: Page, control: ReturnType<Page['locator']>): Promise<void> {
  let box = await control.boundingBox();
  if (box && (box.y < 0 || box.y + box.height > PHONE.viewport.height)) {
    await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    box = await control.boundingBox();
  }
  if (!box) throw new Error('the control has no box');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
}

const load = () => loadavg()[0]!.toFixed(1);
const ms = (value: number) => `${Math.round(value)}`;

ensureClientBuild(!process.argv.includes('--no-build'));
const { bff, stop } = await startBenchStack({ IMAGE_AVIF_EFFORT: String(DEFAULT_AVIF_EFFORT), METRICS_PORT: '0' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const sampled = await samplePages(bff, market);
  // The story list (an island: its chips and 'load more') beside one story, which the audit's sample has.
  const sample = [...sampled.pages, { name: 'story list', path: market.paths.stories }];
  const pages = sample.filter((p) => (onlyPage ? p.name === onlyPage : p.name !== 'home'));
  const port = new URL(bff.url).port;
  const urlOf = (path: string) => `http://${market.devHostname}:${port}${path}`;
  const rows: string[][] = [];
  for (const page of pages) {
    const url = urlOf(page.path);
    // One plain visit first: the page cache and the picture variants made, as for almost every shopper.
    const seed = page.name === 'saved cars' ? await savedCarSeed(urlOf(market.paths.carList)) : '';
    const warm = await browser.newPage(PHONE);
    await warm.addInitScript(seed);
    await warm.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const hasIsland = (await warm.locator('[data-island]').count()) > 0;
    const targets = TARGETS[page.name] ?? (hasIsland ? [islandTarget] : []);
    const shown = await Promise.all(
      // An island may show its controls only once it has run (the saved cars come from the browser's list).
      targets.map((target) =>
        warm
          .locator(target.selector)
          .filter({ visible: true })
          .first()
          .waitFor({ state: 'visible', timeout: 20_000 })
          .then(
            () => 1,
            () => 0,
          ),
      ),
    );
    await warm.close();
    for (const [i, target] of targets.entries()) {
      if (shown[i] === 0) {
        rows.push([page.name, target.label, 'none shown on a phone (nothing to tap)', '', '', '', '', load()]);
        continue;
      }
      for (const moment of ['arriving', 'loaded'] as const) {
        const taps: Tap[] = [];
        for (let round = 0; round < rounds; round++)
          taps.push(await tapOnce(browser, url, target.selector, moment, seed));
        const durations = taps.map((t) => t.duration).filter(Number.isFinite);
        const navigated = taps.length - durations.length;
        const early = taps.filter((t) => t.beforeLoad).length;
        rows.push([
          page.name,
          target.label,
          moment === 'arriving' ? `arriving (${early}/${taps.length} before load)` : 'after load',
          ms(median(durations)),
          ms(Math.max(...durations)),
          `${durations.map(ms).join(' ')}${navigated ? ` (${navigated} went to the link's page)` : ''}`,
          Math.max(...durations) <= 200 ? 'yes' : 'no ✗',
          load(),
        ]);
        console.log(rows.at(-1)!.join(' | '));
      }
    }
  }
  console.log(
    `\nFirst tap, Event Timing duration (ms), ${market.id}: 390 px, CPU ${CPU_SLOWDOWN}×, slow 4G, ${rounds} visits each (≤ 16 is under the API's threshold)\n`,
  );
  printTable(['page', 'tapped', 'when', 'median', 'worst', 'visits', '≤ 200', 'load 1 min'], rows);

  const carList = sampled.pages.find((p) => p.name === 'car list');
  if (carList && lighthouseRuns > 0 && (!onlyPage || onlyPage === 'car list')) {
    await lighthouseCarList(urlOf(carList.path), bff.metricsUrl);
  }
} finally {
  await browser.close();
  await stop();
}
process.exit(0);

/** Lighthouse mobile (its default: emulated phone, simulated slow 4G and 4× CPU) on the car list, `lighthouseRuns` times. */
async function lighthouseCarList(url: string, metricsUrl: string | undefined): Promise<void> {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  const rows: string[][] = [];
  const longTasks: string[] = [];
  let traceRetries = 0;
  try {
    await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (metricsUrl) await picturesMade(metricsUrl);
    for (let run = 1; run <= lighthouseRuns; run++) {
      const { result, retries } = await lighthouseRun(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      traceRetries += retries;
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        rows.push([String(run), 'error', lhr?.runtimeError?.message ?? 'no result', '', '', '', '', '', '', load()]);
        continue;
      }
      const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
      const cpu = mainThreadCpu(result.artifacts.Trace, url);
      rows.push([
        String(run),
        `${performance}${performance >= 95 ? '' : ' ✗'}`,
        `${ms(tbt)}${tbt <= 200 ? '' : ' ✗'}`,
        cpu ? ms(cpu.blockingFromCpuMs) : '?',
        `${(lcp / 1000).toFixed(1)} s`,
        ms(lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN),
        cpu ? `${ms(cpu.wallMs)}/${ms(cpu.cpuMs)}` : '?',
        cpu ? ms(cpu.longestTaskCpuMs) : '?',
        String(Math.round(lhr.environment.benchmarkIndex)),
        load(),
      ]);
      console.log(rows.at(-1)!.join(' | '));
      longTasks.push(`run ${run}: ${longTasksOf(lhr)}`);
    }
  } finally {
    chrome.kill();
  }
  console.log(
    `\nLighthouse mobile on the car list (${url}), ${lighthouseRuns} runs (targets: performance ≥ 95, TBT ≤ 200 ms)` +
      `${traceRetries ? `; ${traceRetries} more made again after a trace without the navigation's start` : ''}\n`,
  );
  printTable(
    [
      'run',
      'performance',
      'TBT ms',
      'TBT from CPU',
      'LCP',
      'main thread ms',
      'observed wall/CPU ms',
      'longest task CPU',
      'benchmarkIndex',
      'load 1 min',
    ],
    rows,
  );
  console.log(
    "\n'main thread ms' is Lighthouse's (simulated: observed wall time slowed 4×); 'observed wall/CPU ms' the trace's tasks as this machine ran them, unthrottled; 'TBT from CPU' Lighthouse's TBT computed from CPU time instead of wall time (scripts/mainThreadCpu.ts).",
  );
  console.log(
    `\nLong tasks (ms, Lighthouse's simulated phone; what a file's task runs, by the file that started it):\n${longTasks.join('\n')}`,
  );
}

/** The run's long tasks, longest first: the script (or 'document') that ran each and its duration. */
function longTasksOf(lhr: Result): string {
  const items =
    (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number }> } | undefined)?.items ??
    [];
  return items
    .map((item) => `${(item.url ?? '').replace(/^https?:\/\/[^/]+/, '') || 'document'} ${ms(item.duration ?? 0)}`)
    .join(', ');
}
