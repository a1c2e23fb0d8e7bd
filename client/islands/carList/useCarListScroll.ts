import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { keepInPlace } from '../../lists/keepInPlace.js';
import { keepScrollSaved } from '../../lists/scrollMemory.js';
import type { PagedLoading } from '../../lists/usePagedList.js';

function savedScroll(state: unknown): number | null {
  const y = (state as { carListScrollY?: unknown } | null)?.carListScrollY;
  return typeof y === 'number' ? y : null;
}

/** Writes the scroll position into the current history entry, for Back to find. */
export function saveListScroll(): void {
  history.replaceState({ ...(history.state as object | null), carListScrollY: window.scrollY }, '');
}

/**
 * The car list's scroll: it takes over scroll restoration, keeps the position in each history entry, and
 * once the results of a Back or Forward (or a deep link's earlier pages) are on the page, scrolls to where
 * the shopper was: the position this entry saved, else (earlier pages) the cars they were shown.
 * `busy` says whether results are on their way (the scroll then is a short page's, not worth keeping).
 */
export function useCarListScroll(
  loading: PagedLoading,
  shown: unknown,
  busy: () => boolean,
  resultsSection: RefObject<HTMLElement | null>,
) {
  const pendingScroll = useRef<number | null>(null);
  const pendingPlace = useRef<(() => void) | null>(null);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const y = savedScroll(history.state);
    if (y !== null) window.scrollTo(0, y);
    return keepScrollSaved(() => {
      if (!busy() && pendingScroll.current === null) saveListScroll();
    });
    // Set up once; `busy` reads refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    if (loading) return;
    pendingPlace.current?.();
    pendingPlace.current = null;
    if (pendingScroll.current === null) return;
    window.scrollTo(0, pendingScroll.current);
    pendingScroll.current = null;
  }, [loading, shown]);

  return {
    /** Back or Forward: the list of this entry is coming; scroll to its saved position once it is shown. */
    returnToSaved: () => {
      pendingScroll.current = savedScroll(history.state);
    },
    /** A deep link's earlier pages are about to go in above the cars shown: stay with the shopper. */
    keepPlace: () => {
      const saved = savedScroll(history.state);
      if (saved !== null) pendingScroll.current = saved;
      else pendingPlace.current = keepInPlace(resultsSection.current?.querySelector('.car-grid > li'));
    },
  };
}
