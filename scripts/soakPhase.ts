import { setTimeout as sleep } from 'node:timers/promises';

/** Time as a phase of the soak reads it: the wall clock and a timer (a fake one in tests). */
export interface PhaseClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const wallClock: PhaseClock = { now: () => Date.now(), sleep: (ms) => sleep(ms) };

/**
 * Runs `step` again and again, each after the last has ended, from `window.start` until `window.end` (wall-clock
 * ms) while `running()` holds, and says how many steps ran. It waits until the clock says the window has started,
 * not just for a timer: Node's timers may fire a millisecond before `Date.now()` reaches their time, and a loop that
 * slept and then checked the window found it not yet open and never ran (the soak's flood sent nothing, issue 35).
 */
export async function duringWindow(
  window: { start: number; end: number },
  step: () => Promise<void>,
  running: () => boolean = () => true,
  clock: PhaseClock = wallClock,
): Promise<number> {
  while (clock.now() < window.start && running()) await clock.sleep(Math.max(1, window.start - clock.now()));
  let steps = 0;
  while (clock.now() < window.end && running()) {
    await step();
    steps++;
  }
  return steps;
}
