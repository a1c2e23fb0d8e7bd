/**
 * A classic script in <head>, so it listens before the page's cards have arrived: a tap on a save toggle
 * (`button[data-save-car]`) before the enhance script runs, which on a slow phone can be seconds while the
 * page arrives, is shown at once (the toggle pressed, or released) and marked `data-tapped`; the enhance script
 * then saves or unsaves as the toggle shows (client/enhance/savedCars.ts) and marks <html> `data-enhanced`,
 * after which this listener stands aside. No imports (a classic script).
 */
(() => {
  const root = document.documentElement;
  addEventListener('click', (event) => {
    if (root.hasAttribute('data-enhanced') || !(event.target instanceof Element)) return;
    const toggle = event.target.closest('button[data-save-car]');
    if (!toggle) return;
    toggle.setAttribute('aria-pressed', String(toggle.getAttribute('aria-pressed') !== 'true'));
    toggle.setAttribute('data-tapped', '');
  });
})();
