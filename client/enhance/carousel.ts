/**
 * Carousels ([data-carousel]): a scroll-snap track of full-width slides with previous/next and a
 * pause/play button. Autoplay (data-autoplay-ms) only when the shopper has not asked for reduced
 * motion; it holds while the pointer is over the carousel, while focus is in its slides and while
 * the tab is hidden. Without this script the track still scrolls by swipe, wheel and keyboard.
 */
export function enhanceCarousels(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) setUpCarousel(root);
}

function setUpCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  if (!track || !toggle) return;
  const count = track.children.length;
  const intervalMs = Number(root.dataset.autoplayMs);
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let playing = !reduced && intervalMs > 0 && count > 1;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const current = () => Math.round(track.scrollLeft / Math.max(track.clientWidth, 1));
  const go = (index: number) => {
    const next = (index + count) % count;
    track.scrollTo({ left: next * track.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
  };
  const schedule = () => {
    clearTimeout(timer);
    if (playing && !hovered && !focused && !document.hidden) {
      timer = setTimeout(() => {
        go(current() + 1);
        schedule();
      }, intervalMs);
    }
  };
  const render = () => {
    toggle.dataset.playing = String(playing);
    toggle.setAttribute('aria-label', (playing ? toggle.dataset.labelPause : toggle.dataset.labelPlay) ?? '');
    // Screen readers hear the new slide when the shopper moved it, not every few seconds.
    track.setAttribute('aria-live', playing ? 'off' : 'polite');
  };

  toggle.addEventListener('click', () => {
    playing = !playing;
    render();
    schedule();
  });
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => {
    go(current() - 1);
    schedule();
  });
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => {
    go(current() + 1);
    schedule();
  });
  root.addEventListener('mouseenter', () => {
    hovered = true;
    schedule();
  });
  root.addEventListener('mouseleave', () => {
    hovered = false;
    schedule();
  });
  track.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  track.addEventListener('focusout', (event) => {
    focused = track.contains(event.relatedTarget as Node | null);
    schedule();
  });
  document.addEventListener('visibilitychange', schedule);
  render();
  schedule();
}
