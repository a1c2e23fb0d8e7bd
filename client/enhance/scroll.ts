const STICKY_AFTER_PX = 100;
const SCROLL_TOP_AFTER_PX = 528;
/**
 * What the scroll-to-top button must never lie over: a shopper aiming at the field would press it instead. The
 * car list's facet values are links shown as checkboxes, their counts at the right edge where the button sits.
 */
const FORM_FIELDS =
  'input:not([type="hidden"]), select, textarea, [role="slider"], [role="checkbox"], [contenteditable="true"]';

/** Whether a form field the shopper can see lies under the button (or touches it). */
function coversField(button: HTMLElement): boolean {
  const b = button.getBoundingClientRect();
  const margin = 4;
  for (const field of document.querySelectorAll<HTMLElement>(FORM_FIELDS)) {
    const f = field.getBoundingClientRect();
    const meets =
      f.left < b.right + margin && b.left - margin < f.right && f.top < b.bottom + margin && b.top - margin < f.bottom;
    // A field inside a closed disclosure still has a box; it is not seen.
    if (meets && f.width > 0 && f.height > 0 && field.checkVisibility({ visibilityProperty: true })) return true;
  }
  return false;
}

/**
 * Sticky header after 100 px and the scroll-to-top button after 528 px, checked once per frame. The button steps
 * aside (stays in place, unseen) while a form field lies under it, such as the price 'Till' field or a facet
 * value with its count ('Grå 157') of the car list's filters on a phone, and comes back once it has moved on.
 */
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
  // The scroll position is read once, before anything is written, and `hidden` only set when it changes (a toggle
  // with its force changes nothing when it holds already): a read after a write lays the page out again inside
  // this frame (Lighthouse's forced reflow at the car list's load: `hidden` set to true again, then scrollY read).
  const update = () => {
    queued = false;
    const scrolled = window.scrollY;
    header?.classList.toggle('is-sticky', scrolled > STICKY_AFTER_PX);
    if (!toTop) return;
    const shown = scrolled > SCROLL_TOP_AFTER_PX;
    if (toTop.hidden === shown) toTop.hidden = !shown;
    // Measured once shown, as a hidden button has no box. Never while it has the focus: a keyboard user's place
    // is not taken away.
    const aside = shown && document.activeElement !== toTop && coversField(toTop);
    toTop.classList.toggle('scroll-top--aside', aside);
  };
  const queue = () => {
    if (!queued) requestAnimationFrame(update);
    queued = true;
  };
  window.addEventListener('scroll', queue, { passive: true });
  window.addEventListener('resize', queue);
  // Fields move without a scroll too: a panel opens, a list grows, a phone's keyboard comes up.
  document.addEventListener('focusin', queue);
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(queue).observe(document.body);
  // At the next frame, not now: reading the scroll position now would make the browser lay out the whole page
  // inside this script (the car list's 1,900 elements), and the frame lays it out anyway.
  queue();
  toTop?.addEventListener('click', () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    document.querySelector<HTMLElement>('.site-header__logo')?.focus({ preventScroll: true });
  });
}
