// npm test: every stage in order, stopping at the first that fails, then each stage's time in a table.
import { spawnSync } from 'node:child_process';

const ALL_STAGES = [
  'typecheck',
  'lint',
  'format:check',
  'redirects:lint',
  'build:client',
  'redirects:check',
  'test:unit',
  'test:integration',
  'test:e2e',
];
// TEST_STAGES=typecheck,lint runs those only (in this order).
const STAGES = process.env.TEST_STAGES ? process.env.TEST_STAGES.split(',') : ALL_STAGES;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];
let failed;
for (const stage of STAGES) {
  const started = process.hrtime.bigint();
  const { status, signal } = spawnSync(npm, ['run', stage], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ok = status === 0;
  results.push({ stage, seconds, outcome: ok ? 'passed' : `FAILED (${signal ?? `exit ${status}`})` });
  if (!ok) {
    failed = status ?? 1;
    break;
  }
}
for (const stage of STAGES.slice(results.length)) results.push({ stage, seconds: undefined, outcome: 'not run' });

const total = results.reduce((sum, r) => sum + (r.seconds ?? 0), 0);
const format = (s) =>
  s === undefined ? '-' : s >= 60 ? `${Math.floor(s / 60)} min ${(s % 60).toFixed(0)} s` : `${s.toFixed(1)} s`;
const width = Math.max(...STAGES.map((s) => s.length), 'total'.length);
console.log('\nStage times');
for (const r of results) console.log(`  ${r.stage.padEnd(width)}  ${format(r.seconds).padStart(12)}  ${r.outcome}`);
console.log(`  ${'total'.padEnd(width)}  ${format(total).padStart(12)}`);
process.exit(failed ?? 0);
