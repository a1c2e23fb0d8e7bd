import { useEffect, useRef, type RefObject } from 'react';

/**
 * What a shopper typed into a field before its island woke (the server's form is live from the first paint, and
 * a phone wakes islands seconds later): hydration leaves the typed text in the field without reading it, and the
 * island's next render would write its empty state back over it. Read once, right after hydration, and handed to
 * the island (`keep`), so what was typed stays and the island acts on it.
 */
export function useTypedBeforeWake<T extends HTMLInputElement>(keep: (text: string) => void): RefObject<T | null> {
  const field = useRef<T>(null);
  const kept = useRef(keep);
  useEffect(() => {
    const text = field.current?.value;
    if (text) kept.current(text);
  }, []);
  return field;
}
