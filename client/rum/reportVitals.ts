import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { RumBeacon, RumMetric } from '../../contracts/rum.js';

/**
 * Field data: this page view's Core Web Vitals, measured by web-vitals and sent once, with
 * sendBeacon, when the page is hidden (the moment LCP, CLS and INP are final). Nothing is sent
 * where sendBeacon does not exist; nothing about the shopper is sent besides the page's path and the islands it carries (its type).
 */
const pending = new Map<string, RumMetric>();

function keep(metric: Metric): void {
  pending.set(metric.name, {
    name: metric.name as RumMetric['name'],
    value: metric.value,
    rating: metric.rating,
    id: metric.id,
  });
}

function flush(): void {
  if (pending.size === 0 || typeof navigator.sendBeacon !== 'function') return;
  const islands = [
    ...new Set([...document.querySelectorAll<HTMLElement>('[data-island]')].map((e) => e.dataset.island ?? '')),
  ].filter((name) => /^[A-Za-z]{1,32}$/.test(name));
  const beacon: RumBeacon = { path: location.pathname, islands: islands.slice(0, 8), metrics: [...pending.values()] };
  pending.clear();
  navigator.sendBeacon('/api/rum', new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
}

function measure(): void {
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onTTFB(keep);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}

// A page the browser prerendered (speculation rules) is measured from when it is shown, and only if it is: what
// client/prerender.ts does for the islands, written out here, where an import would be a chunk (a request) on every page.
if ((document as Document & { prerendering?: boolean }).prerendering)
  document.addEventListener('prerenderingchange', measure, { once: true });
else measure();
