import { useEffect, type RefObject } from 'react';

/** While `open`, a press anywhere outside the given elements calls `dismiss` (a popup or panel closes the way a native select does). */
export function useDismissOutside(
  open: boolean,
  inside: readonly RefObject<HTMLElement | null>[],
  dismiss: () => void,
): void {
  // Re-subscribed on every render while open, so the latest `dismiss` is the one called.
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!inside.some((ref) => ref.current?.contains(event.target as Node))) dismiss();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  });
}
