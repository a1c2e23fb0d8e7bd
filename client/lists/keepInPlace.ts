/**
 * Call before the page changes above `element`; call what it returns once the change is on the page:
 * the window scrolls by as much as the element moved, so it stays where the shopper saw it (a deep
 * link's earlier pages coming in above it: client/shared/lists/pageRequests.ts).
 */
export function keepInPlace(element: Element | null | undefined): () => void {
  if (!element) return () => {};
  const before = element.getBoundingClientRect().top;
  return () => {
    if (element.isConnected) window.scrollBy(0, element.getBoundingClientRect().top - before);
  };
}
