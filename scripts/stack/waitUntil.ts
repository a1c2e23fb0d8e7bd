/**
 * Polls `condition` until it holds, instead of sleeping a fixed time and hoping. The deadline is
 * generous on purpose: only a hang reaches it, never a busy machine, so it is not a timing assertion.
 * Throws with `what` when the deadline passes.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what = 'condition',
  { timeoutMs = 20_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * A fixed wait that proves nothing happens within `ms` (a purge that must not arrive, a crash that would come a tick
 * late, a link Chromium must not fetch): the one kind of fixed wait a test keeps, named for what it proves.
 */
export const nothingHappensWithin = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A client's own pace (a body sent in pieces, a sampler's interval): the subject of a test, not a wait for anything. */
export const paced = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
