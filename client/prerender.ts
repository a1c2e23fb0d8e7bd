/**
 * Runs `callback` once the shopper sees the page: at once, or, for a page the browser prerendered (speculation
 * rules, views/speculationRules.ts), when it is opened. A prerendered page that is never opened runs nothing,
 * so analytics and field data count each page view once. In the browser only.
 */
export function whenActivated(callback: () => void): void {
  // Not in TypeScript's DOM types yet (Chromium 108+; other browsers never prerender, and read undefined).
  // No document at all outside a page (a worker, a unit test): nothing there is prerendered.
  if (typeof document !== 'undefined' && (document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', callback, { once: true });
  else callback();
}
