// npm test: every stage, stopping at the first that fails, then each stage's time in a table.
// The checks before the tests are independent and mostly single-threaded, so they run two at a time (one a core),
// their output held and printed whole as each ends; the test stages then run alone with their output live.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { closeRunDir, openRunDir } from './stack/runDir.mjs';

/** In the order they start: the build first (two stages read it), then the longest. */
const CHECKS = [
  { stage: 'build:client' },
  { stage: 'lint' },
  { stage: 'typecheck' },
  { stage: 'redirects:check', after: 'build:client' },
  { stage: 'test:unit', after: 'build:client' },
  { stage: 'format:check' },
  { stage: 'redirects:lint' },
];
const TESTS = ['test:integration', 'test:e2e'];
const ALL = [...CHECKS.map((c) => c.stage), ...TESTS];
// TEST_STAGES=typecheck,lint runs those only.
const chosen = process.env.TEST_STAGES?.split(',') ?? ALL;
const unknown = chosen.filter((s) => !ALL.includes(s));
if (unknown.length) {
  console.error(`TEST_STAGES names no stage: ${unknown.join(', ')}`);
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (started) => Number(process.hrtime.bigint() - started) / 1e9;

/** Runs one stage; alone its output is live, beside others it is printed whole when it ends. */
function runStage(stage, alone) {
  const started = process.hrtime.bigint();
  const child = spawn(npm, ['run', stage], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      const ok = status === 0;
      if (!alone) {
        console.log(`\n── ${stage}: ${ok ? 'passed' : 'FAILED'} ──`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({
        stage,
        seconds: seconds(started),
        ok,
        outcome: ok ? 'passed' : `FAILED (${signal ?? `exit ${status}`})`,
      });
    });
  });
}

/** The checks, as many at a time as there are cores; none starts after one has failed. */
async function runChecks(checks) {
  const results = [];
  const running = new Map();
  const waiting = [...checks];
  const done = (stage) => results.some((r) => r.stage === stage && r.ok) || !checks.some((c) => c.stage === stage);
  while (waiting.length || running.size) {
    const failed = results.some((r) => !r.ok);
    const ready = failed ? -1 : waiting.findIndex((c) => !c.after || done(c.after));
    if (ready >= 0 && running.size < availableParallelism()) {
      const [{ stage }] = waiting.splice(ready, 1);
      running.set(
        stage,
        runStage(stage, false).then((r) => (running.delete(stage), results.push(r))),
      );
      continue;
    }
    if (!running.size) break;
    await Promise.race(running.values());
  }
  return results;
}

const started = process.hrtime.bigint();
const results = await runChecks(CHECKS.filter((c) => chosen.includes(c.stage)));
const checksSeconds = seconds(started);
// One directory for the sandboxes of both test stages: a photograph or dataset integration made, e2e reads.
openRunDir();
for (const stage of TESTS.filter((s) => chosen.includes(s))) {
  if (results.some((r) => !r.ok)) break;
  results.push(await runStage(stage, true));
}
closeRunDir();
const total = seconds(started);
for (const stage of ALL.filter((s) => chosen.includes(s) && !results.some((r) => r.stage === s)))
  results.push({ stage, seconds: undefined, outcome: 'not run' });

const format = (s) =>
  s === undefined ? '-' : s >= 60 ? `${Math.floor(s / 60)} min ${(s % 60).toFixed(0)} s` : `${s.toFixed(1)} s`;
const width = Math.max(...results.map((r) => r.stage.length), 'total'.length);
console.log(
  `\nStage times (the checks ran ${availableParallelism()} at a time and took ${format(checksSeconds)} in all)`,
);
for (const r of results) console.log(`  ${r.stage.padEnd(width)}  ${format(r.seconds).padStart(12)}  ${r.outcome}`);
console.log(`  ${'total'.padEnd(width)}  ${format(total).padStart(12)}`);
process.exit(results.some((r) => r.outcome.startsWith('FAILED')) ? 1 : 0);
