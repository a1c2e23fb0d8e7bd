import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and while hydrating (so the markup matches), true after: what needs JavaScript appears then.
 * Set in a transition, so the re-render it causes is cut into slices that answer input between them. A store whose
 * server and client snapshots differ (useSyncExternalStore) re-renders in one synchronous pass instead: the kits
 * page's 48 cards took one task of 260–510 ms on a phone right after hydration (issue 49).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
