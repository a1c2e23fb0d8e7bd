import type { KeyboardEvent, MouseEvent } from 'react';

/** A plain left click (or key) the island handles itself; a modified click opens the link's URL as the browser would. */
export function isPlainClick(event: MouseEvent | KeyboardEvent): boolean {
  if ('button' in event && event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
