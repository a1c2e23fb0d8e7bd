/**
 * Ends the script's task and goes on in a new one, so a tap that came meanwhile is answered first (the guide:
 * tasks under 50 ms on a phone). scheduler.yield where the browser has it: the rest keeps its place ahead of
 * other waiting work; else a task of its own (setTimeout 0).
 */
export function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs each step in a task of its own, in order: one slow step never holds a tap behind the others. */
export async function inTurns(steps: ReadonlyArray<() => void>): Promise<void> {
  for (const step of steps) {
    step();
    await yieldToInput();
  }
}
