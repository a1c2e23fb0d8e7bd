import { useRef, useState } from 'react';

/** What a paged list is waiting for: a new list, the pages after the shown ones, or a deep link's pages before them. */
export type PagedLoading = 'replace' | 'more' | 'earlier' | null;
type Kind = Exclude<PagedLoading, null>;

/** How a list's answer holds its items; `R` is what the list shows (its items, total, facets...). */
export interface PagedShape<R, T> {
  pageSize: number;
  items: (shown: R) => readonly T[];
  total: (shown: R) => number;
  /** The page of the first item shown: a deep link (`?page=N`) is rendered with page N alone. */
  fromPage: (shown: R) => number;
  key: (item: T) => string;
  /** `shown` with these items from page 0 on and this total (no longer failed). */
  withItems: (shown: R, items: T[], total: number) => R;
  /** What a failed load shows, given what was shown. */
  failed: (shown: R, kind: Kind) => R;
}

/**
 * A paged list's answers (car list, kits): a new list, load more, a deep link's earlier pages. One load at a
 * time, the newest wins: starting one aborts the one under way, whose answer or failure is then dropped.
 * `arrive` runs just before an answer is shown (to keep the shopper's place, to move the focus). Each load
 * resolves to what it showed, or null when it failed or was overtaken.
 */
export function usePagedList<R, T>(initial: R, shape: PagedShape<R, T>) {
  const [shown, setShown] = useState(initial);
  const [loading, setLoading] = useState<PagedLoading>(null);
  const latest = useRef(initial);
  const inFlight = useRef<AbortController | null>(null);

  const put = (next: R) => {
    latest.current = next;
    setShown(next);
  };

  /** Shows a known answer at once (one this tab has seen), dropping any load under way. */
  const show = (next: R) => {
    inFlight.current?.abort();
    inFlight.current = null;
    setLoading(null);
    put(next);
  };

  const load = async (kind: Kind, fetch: (signal: AbortSignal) => Promise<R>, arrive?: () => void) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(kind);
    try {
      const next = await fetch(controller.signal);
      if (inFlight.current !== controller) return null;
      arrive?.();
      put(next);
      return next;
    } catch {
      if (inFlight.current === controller) put(shape.failed(latest.current, kind));
      return null;
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(null);
      }
    }
  };

  /** A new list (other filters, Back): `fetch` answers its first pages. */
  const replace = (fetch: (signal: AbortSignal) => Promise<R>) => load('replace', fetch);

  /** The pages after the shown items: `fetch(fromPage)` answers pages fromPage.. on, which join the items before them. */
  const more = (fetch: (fromPage: number, signal: AbortSignal) => Promise<R>, arrive?: () => void) => {
    const before = latest.current;
    const fromPage = Math.floor(shape.items(before).length / shape.pageSize);
    return load(
      'more',
      async (signal) => {
        const after = await fetch(fromPage, signal);
        const items = [...shape.items(before).slice(0, fromPage * shape.pageSize), ...shape.items(after)];
        return shape.withItems(before, items, shape.total(after));
      },
      arrive,
    );
  };

  /** A deep link's pages before the one rendered: `fetch(toPage)` answers pages 0..toPage, put above the shown items. */
  const earlier = (fetch: (toPage: number, signal: AbortSignal) => Promise<R>, arrive?: () => void) => {
    const upTo = shape.fromPage(latest.current);
    if (upTo === 0) return Promise.resolve(null);
    return load(
      'earlier',
      async (signal) => {
        const before = await fetch(upTo - 1, signal);
        const items = shape.items(before);
        const known = new Set(items.map(shape.key));
        const shownNow = latest.current;
        const after = shape.items(shownNow).filter((item) => !known.has(shape.key(item)));
        return shape.withItems(shownNow, [...items, ...after], shape.total(shownNow));
      },
      arrive,
    );
  };

  return {
    shown,
    loading,
    /** What is shown now, for handlers that run between renders. */
    latest,
    /** Whether a load is under way (read between renders). */
    busy: () => inFlight.current !== null,
    show,
    replace,
    more,
    earlier,
  };
}
