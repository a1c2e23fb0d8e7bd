/**
 * A list the shopper's browser keeps under one key of Web Storage, read alike by every island and script
 * of the page: the compare list (sessionStorage, this tab's session), saved and recently viewed cars
 * (localStorage, every tab of the site). Storage can be missing (private modes, SSR), full, or hold
 * someone else's JSON: a read keeps only the items `isItem` accepts, at most `max`, and nothing here throws.
 *
 * Subscribers hear of a change made on this page at once and of one made in another tab through the
 * `storage` event, but only while the page is shown: the listener is taken off on `pagehide` (an event
 * that reaches a page kept in the back/forward cache gets it evicted) and put back on `pageshow`, which
 * also tells the subscribers when the list changed while the page was away, or while it was prerendered.
 */
export interface StoredList<T> {
  /** The list now: the same frozen array until it changes (a stable snapshot for useSyncExternalStore). */
  read(): readonly T[];
  /** Stores the list (cut to `max`): without storage it lives as long as the page; in a full one it stays as it was. */
  write(items: readonly T[]): void;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: (items: readonly T[]) => void): () => void;
}

export interface StoredListOptions<T> {
  area: 'localStorage' | 'sessionStorage';
  key: string;
  max: number;
  isItem: (value: unknown) => value is T;
}

/** What `read` gives while nothing is stored: a server snapshot equal to it re-renders nothing after hydration. */
export const NOTHING_STORED: readonly never[] = Object.freeze([]);

export function storedList<T>({ area, key, max, isItem }: StoredListOptions<T>): StoredList<T> {
  const listeners = new Set<(items: readonly T[]) => void>();
  let cachedRaw: string | null | undefined;
  let cached: readonly T[] = NOTHING_STORED;
  /** The list when the storage cannot hold it: it then lives as long as the page. */
  let memoryRaw: string | null = null;
  let notifiedRaw: string | null | undefined;

  const storage = (): Storage | null => {
    try {
      return typeof window === 'undefined' ? null : window[area];
    } catch {
      return null; // storage disabled (privacy settings)
    }
  };
  const rawNow = (): string | null => {
    const store = storage();
    try {
      return store ? store.getItem(key) : memoryRaw;
    } catch {
      return null;
    }
  };
  const parse = (raw: string | null): readonly T[] => {
    if (!raw) return NOTHING_STORED;
    try {
      const value: unknown = JSON.parse(raw);
      const items = Array.isArray(value) ? value.filter(isItem).slice(0, max) : [];
      return items.length > 0 ? Object.freeze(items) : NOTHING_STORED;
    } catch {
      return NOTHING_STORED;
    }
  };
  const read = (): readonly T[] => {
    const raw = rawNow();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parse(raw);
    }
    return cached;
  };
  /** Tells the subscribers, once per change of what is stored. */
  const notify = () => {
    const items = read();
    if (cachedRaw === notifiedRaw) return;
    notifiedRaw = cachedRaw;
    for (const listener of listeners) listener(items);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  const onPageHide = () => window.removeEventListener('storage', onStorage);
  const onPageShow = () => {
    window.addEventListener('storage', onStorage);
    notify();
  };
  const listen = (on: boolean) => {
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('storage', onStorage as EventListener);
    window[method]('pagehide', onPageHide);
    window[method]('pageshow', onPageShow);
    // A prerendered page (speculation rules) is shown later: what changed meanwhile is read then.
    if (typeof document !== 'undefined') document[method]('prerenderingchange', notify);
  };

  return {
    read,
    write(items) {
      const raw = JSON.stringify(items.slice(0, max));
      const store = storage();
      if (!store) memoryRaw = raw;
      else
        try {
          store.setItem(key, raw);
        } catch {
          // quota exceeded: the list stays as it was (a control shows what is really kept)
        }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== 'undefined') {
        read();
        notifiedRaw = cachedRaw;
        listen(true);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') listen(false);
      };
    },
  };
}
