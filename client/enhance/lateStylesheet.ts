/**
 * Written inline right after the site stylesheet's <link media="print">: a stylesheet for print does not hold up
 * the first paint, and the first screen's rules are inline already (server/render/firstScreenStyles.ts). Once
 * the file has loaded it applies to the screen too. A classic script (hashed in the CSP), no imports; without
 * JavaScript a <noscript> link applies it.
 */
// In a function: a classic script's top-level names would be the page's globals.
(() => {
  const link = document.currentScript?.previousElementSibling;
  if (!(link instanceof HTMLLinkElement)) return;
  const apply = () => {
    link.media = 'all';
  };
  if (link.sheet) apply();
  else link.addEventListener('load', apply);
})();
