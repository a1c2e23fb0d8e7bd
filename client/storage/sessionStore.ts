import type { z } from 'zod';

/**
 * The shopper's flow state for this tab (part 2: the booking store, `tirehotel`, `compare`), in
 * sessionStorage. Storage can be missing (private modes, SSR), full or hold someone else's JSON:
 * none of that may break a flow, so reads are validated and no call here ever throws.
 */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored value when it parses and matches the schema; otherwise null (a corrupt entry is dropped). */
export function readSession<T>(key: string, schema: z.ZodType<T>): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (raw == null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through and drop it
  }
  store?.removeItem(key);
  return null;
}

/** Stores the value as JSON; a full or unavailable storage only means the state lives as long as the page. */
export function writeSession(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled
  }
}

export function removeSession(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // storage disabled
  }
}
