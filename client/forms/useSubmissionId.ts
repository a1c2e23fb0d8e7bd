import { useCallback, useRef } from 'react';

export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One formSubmissionId for a form's whole life: every retry and double click sends the same id, so
 * the BFF and the hub de-duplicate them into one lead. `renew` starts a new lead (after a success,
 * when the shopper fills the form again).
 */
export function useSubmissionId(): { id: () => string; renew: () => void } {
  const current = useRef<string | null>(null);
  const id = useCallback(() => (current.current ??= newSubmissionId()), []);
  const renew = useCallback(() => {
    current.current = null;
  }, []);
  return { id, renew };
}
