// Jest's test sequencer, as jest's own but with the page sweeps first (test/e2e/everyPageChecks.*.test.ts).
// Jest orders by the durations it recorded on this machine, and without any (a fresh clone, CI) by file size:
// the sweeps are the longest files and among the smallest, so they ran last, one worker sweeping while the
// other had nothing left to do.
import Sequencer from '@jest/test-sequencer';

const LONGEST = /[/\\]everyPageChecks\.[^/\\]+\.test\.ts$/;

export default class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted.filter((t) => LONGEST.test(t.path)), ...sorted.filter((t) => !LONGEST.test(t.path))];
  }
}
