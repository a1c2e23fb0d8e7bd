/**
 * Written inline right after the page's <template> of module scripts (views/IslandScripts.tsx): it puts them in
 * the document once the page has loaded, or at once when the shopper touches a key or the screen before that.
 * Fetched earlier, hydration's 100 KB of script shared the line with the LCP picture and, in Lighthouse's
 * simulation, counted towards the LCP whenever it happened to arrive before the picture was painted (car list
 * LCP 1.9–2.9 s over runs). The server's HTML is the first screen, so nothing the shopper sees waits on them.
 * An event, not a timer: a page on a test's still clock loads them too. A first touch or key puts them in after
 * the frame that answers it: inside the event they cost its handler the scripts' requests (26 ms at CPU 4× on
 * the car list) before the tap was painted. A classic script (hashed in the CSP), no imports. Scripts cloned out
 * of a template run when inserted.
 */
(() => {
  const template = document.currentScript?.previousElementSibling;
  if (!(template instanceof HTMLTemplateElement)) return;
  const early = ['pointerdown', 'keydown', 'touchstart'] as const;
  const load = () => {
    removeEventListener('load', load);
    for (const type of early) removeEventListener(type, afterNextPaint, true);
    if (!template.isConnected) return;
    template.replaceWith(template.content.cloneNode(true));
  };
  const afterNextPaint = () => {
    for (const type of early) removeEventListener(type, afterNextPaint, true);
    requestAnimationFrame(() => setTimeout(load));
  };
  if (document.readyState === 'complete') {
    load();
    return;
  }
  addEventListener('load', load);
  for (const type of early) addEventListener(type, afterNextPaint, { capture: true, passive: true });
})();
