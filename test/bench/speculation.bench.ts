// npm run bench:speculation — what the speculation rules (views/speculationRules.ts) give a shopper in Chromium:
// on the car list, the pointer rests on a car card for DWELL_MS, then clicks it; measured is the car page's
// largest contentful paint from the click (for a prerendered page, from its activation, as web-vitals counts it).
// Rounds alternate with the rules and without them (removed from the car list before the hover), a new car
// each round, every car page already in the BFF's page cache; medians. Chromium over the DevTools protocol
// through a tab target (test/support/cdpTab.ts): under Playwright it would not prerender.
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { startBenchStack } from './benchStack.js';

const { MARKETS } = await import('../../markets/registry.js');
const { openCdpTab } = await import('../support/cdpTab.js');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DWELL_MS = Number(process.env.BENCH_DWELL_MS ?? 1_000);

const market = MARKETS.find((m) => m.id === 'se')!;
const { bff, stop } = await startBenchStack({ PAGE_CACHE_TTL_S: '600' });
// Chromium resolves *.localhost to this machine itself.
const origin = bff.url.replace('localhost', market.devHostname);
const tab = await openCdpTab();

/** Opens the car list and waits for it to be hydrated and idle. */
async function openCarList(): Promise<void> {
  await tab.send('Page.navigate', { url: `${origin}${market.paths.carList}` });
  for (let tries = 0; ; tries++) {
    await sleep(100);
    const ready = await tab
      .evaluate<boolean>(
        `location.pathname === ${JSON.stringify(market.paths.carList)} && document.readyState === 'complete' && !!document.querySelector('[data-island="carList"][data-hydrated="true"]')`,
      )
      .catch(() => false);
    if (ready) break;
    if (tries > 300) throw new Error('the car list did not load');
  }
  await sleep(500);
}

interface Outcome {
  lcpMs: number;
  prerendered: boolean;
  deliveryType: string;
}

async function round(card: number, rules: boolean): Promise<Outcome> {
  await openCarList();
  if (!rules)
    await tab.evaluate(`document.querySelectorAll('script[type="speculationrules"]').forEach((s) => s.remove())`);
  const target = await tab.evaluate<{ href: string; x: number; y: number }>(`(() => {
    const link = document.querySelectorAll('.car-card__link')[${card}];
    link.scrollIntoView({ block: 'center' });
    const box = link.getBoundingClientRect();
    return { href: link.getAttribute('href'), x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 40) };
  })()`);
  await tab.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: target.x, y: target.y });
  await sleep(DWELL_MS);
  for (const type of ['mousePressed', 'mouseReleased'])
    await tab.send('Input.dispatchMouseEvent', { type, x: target.x, y: target.y, button: 'left', clickCount: 1 });
  for (let tries = 0; ; tries++) {
    await sleep(100);
    const there = await tab
      .evaluate<boolean>(`location.pathname === ${JSON.stringify(target.href)} && document.readyState === 'complete'`)
      .catch(() => false);
    if (there) break;
    if (tries > 300) throw new Error(`the car page ${target.href} did not open`);
  }
  // The last LCP candidate once the page is loaded and has had a moment to paint its hero.
  const outcome = await tab.evaluate<Outcome | null>(`new Promise((resolve) => {
    let lcp;
    new PerformanceObserver((list) => (lcp = list.getEntries().at(-1))).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const activation = nav.activationStart ?? 0;
      resolve(lcp ? { lcpMs: Math.max(0, lcp.startTime - activation), prerendered: activation > 0, deliveryType: nav.deliveryType ?? '' } : null);
    }, 1000);
  })`);
  if (!outcome) throw new Error(`no largest contentful paint on ${target.href}`);
  return outcome;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

try {
  // Every car page of the rounds rendered once, so both sides are served from the page cache.
  await openCarList();
  const hrefs = await tab.evaluate<string[]>(
    `[...document.querySelectorAll('.car-card__link')].slice(0, ${2 * ROUNDS + 2}).map((a) => a.getAttribute('href'))`,
  );
  for (const href of hrefs)
    await request(`${bff.url}${href}`, { headers: { host: market.devHostname } }).then((r) => r.body.dump());
  await round(0, true);
  await round(1, false);
  const runs: { with: Outcome[]; without: Outcome[] } = { with: [], without: [] };
  let card = 2;
  for (let r = 0; r < ROUNDS; r++)
    for (const side of r % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const))
      runs[side].push(await round(card++, side === 'with'));
  const row = (outcomes: Outcome[]) => ({
    'median LCP ms': Math.round(median(outcomes.map((o) => o.lcpMs))),
    'LCP ms each': outcomes.map((o) => Math.round(o.lcpMs)).join(' '),
    prerendered: `${outcomes.filter((o) => o.prerendered).length} of ${outcomes.length}`,
  });
  console.log(`click on a car card after the pointer rested ${DWELL_MS} ms → car page LCP, ${ROUNDS} rounds each`);
  console.table({ 'with speculation rules': row(runs.with), 'without (rules removed)': row(runs.without) });
  const gain = median(runs.without.map((o) => o.lcpMs)) - median(runs.with.map((o) => o.lcpMs));
  console.log(`gain: ${Math.round(gain)} ms of median LCP`);
} finally {
  await tab.close();
  await stop();
}
process.exit(0);
