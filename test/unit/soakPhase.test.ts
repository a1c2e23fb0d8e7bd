import { duringWindow, type PhaseClock } from '../../scripts/soakPhase.js';

/**
 * A fake clock whose timers fire a millisecond early, as Node's may by Date.now() (a 1 ms timer still moves the
 * clock on), and whose steps take `stepMs`.
 */
function earlyClock(stepMs: number) {
  let now = 0;
  const clock: PhaseClock = {
    now: () => now,
    sleep: async (ms) => {
      now += Math.max(1, ms - 1);
    },
  };
  const step = async () => {
    now += stepMs;
  };
  return { clock, step, at: () => now };
}

describe("a soak phase's window", () => {
  it('runs its steps although the timer that waits for the window fires a millisecond early', async () => {
    const { clock, step, at } = earlyClock(100);
    const steps = await duringWindow({ start: 60_000, end: 61_000 }, step, () => true, clock);
    expect(steps).toBe(10);
    expect(at()).toBe(61_000);
  });

  it('starts at once when the window is open, ends when the run ends, and never steps after the window', async () => {
    const { clock, step } = earlyClock(300);
    expect(await duringWindow({ start: 0, end: 1_000 }, step, () => true, clock)).toBe(4);
    let running = true;
    const stopping = async () => {
      await step();
      running = false;
    };
    expect(await duringWindow({ start: 0, end: 10_000 }, stopping, () => running, clock)).toBe(1);
    expect(await duringWindow({ start: 0, end: 0 }, step, () => true, clock)).toBe(0);
  });
});
