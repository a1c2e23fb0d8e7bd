import { PAGE_DEADLINE_MS } from './deadlines.js';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';

/**
 * Reads until the reading is accepted, and returns the last reading, for the caller's expect() to judge
 * (so a failure shows what was seen). The deadline is far beyond a loaded machine's pace: only a hang
 * reaches it. A wait for a condition (waitUntil's), never a sleep.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = PAGE_DEADLINE_MS,
): Promise<T> {
  let value!: T;
  const accepted = async () => accept((value = await read()));
  await waitUntil(accepted, 'reading accepted', { timeoutMs, everyMs: 50 }).catch(() => undefined);
  return value;
}
