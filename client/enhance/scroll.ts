const STICKY_AFTER_PX = 100;
const SCROLL_TOP_AFTER_PX = 528;

/** Sticky header after 100 px and the scroll-to-top button after 528 px, checked once per frame. */
export function enhanceScrolling(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  const toTop = document.querySelector<HTMLButtonElement>('[data-scroll-top]');
  // Sticky parts below the header (the booking summary, scrolled-to headings) read its real height.
  if (header && typeof ResizeObserver !== 'undefined') {
    new ResizeObserver(() =>
      document.documentElement.style.setProperty('--header-height', `${header.offsetHeight}px`),
    ).observe(header);
  }
  let queued = false;
  const update = () => {
    queued = false;
    header?.classList.toggle('is-sticky', window.scrollY > STICKY_AFTER_PX);
    if (toTop) toTop.hidden = window.scrollY <= SCROLL_TOP_AFTER_PX;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!queued) requestAnimationFrame(update);
      queued = true;
    },
    { passive: true },
  );
  update();
  toTop?.addEventListener('click', () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    document.querySelector<HTMLElement>('.site-header__logo')?.focus({ preventScroll: true });
  });
}
