/** Quiet time after the last scroll event before the position is written: a few writes a minute, not one a frame. */
const SCROLL_SETTLED_MS = 150;

/**
 * Keeps a list's scroll position in its history entry, for a Back that loads the page again (no
 * back/forward cache: another browser, a full cache, a reload). `save` runs when scrolling stops and
 * when a link is followed (the click comes before the page is left), never in `pagehide`: a history
 * write there reaches the browser once the page is in the back/forward cache, and Chromium evicts it
 * (`IgnoreEventAndEvict`). A page restored from that cache needs nothing: it is shown as it was.
 * Returns the function that stops it.
 */
export function keepScrollSaved(save: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onScroll = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SCROLL_SETTLED_MS);
  };
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest?.('a[href]')) {
      clearTimeout(timer);
      save();
    }
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('click', onClick, { capture: true });
  return () => {
    clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    document.removeEventListener('click', onClick, { capture: true });
  };
}
