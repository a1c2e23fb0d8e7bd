import { PAGE_DEADLINE_MS } from './deadlines.js';

/**
 * Reads until the reading is accepted, and returns the last reading, for the caller's expect() to judge
 * (so a failure shows what was seen). The deadline is far beyond a loaded machine's pace: only a hang
 * reaches it. A wait for a condition, never a sleep.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = PAGE_DEADLINE_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
