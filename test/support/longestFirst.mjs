// Jest's test sequencer, as jest's own but with the files known to be longest first.
// Jest orders by the durations it recorded on this machine, and without any (a fresh clone, CI) by file size:
// the page sweeps and a few integration files are long and small, so they ran last, one worker busy with them
// while the other had nothing left to do (a fresh clone, 2026-11-28: thousandWorkshopStreams, 47 s, started
// last of the integration stage).
import Sequencer from '@jest/test-sequencer';

/** Longest first, as measured on a fresh clone (2026-11-28, two workers): 93 s down to 30 s. */
const LONGEST = [
  /[/\\]e2e[/\\]everyPageChecks\.[^/\\]+\.test\.ts$/,
  /[/\\]integration[/\\]faultMatrix\.test\.ts$/,
  /[/\\]e2e[/\\]booking\.test\.ts$/,
  /[/\\]integration[/\\]thousandWorkshopStreams\.test\.ts$/,
  /[/\\]e2e[/\\]leadForms\.test\.ts$/,
  /[/\\]integration[/\\]api[/\\]busyLoopLimits\.test\.ts$/,
  /[/\\]e2e[/\\]backForwardCache\.test\.ts$/,
];
const rank = (test) => {
  const index = LONGEST.findIndex((pattern) => pattern.test(test.path));
  return index < 0 ? LONGEST.length : index;
};

export default class LongestFirst extends Sequencer {
  sort(tests) {
    // Array.prototype.sort is stable: the rest keep jest's order.
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}
