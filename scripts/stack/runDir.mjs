// The directory a test run's sandboxes share what they make in (SANDBOX_RUN_DIR; sandbox/README.md): their
// photographs and their dataset, made once, the same bytes in every process (making the photographs was a tenth of a
// stage's CPU; the dataset about 2 s of each file that starts a sandbox). `npm test` opens one for
// all its stages (scripts/testStages.mjs); a stage run alone opens its own in jest's global setup. Whoever opened
// it removes it, so it never outlives the run, nor the code that made them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OPENED = Symbol.for('test-run.dir');

/** Sets SANDBOX_RUN_DIR to a new directory unless the run already has one. */
export function openRunDir() {
  if (process.env.SANDBOX_RUN_DIR) return;
  process.env.SANDBOX_RUN_DIR = mkdtempSync(join(tmpdir(), 'test-run-'));
  globalThis[OPENED] = process.env.SANDBOX_RUN_DIR;
}

/** Removes the directory openRunDir made in this process (never one the run was given). */
export function closeRunDir() {
  const dir = globalThis[OPENED];
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  delete globalThis[OPENED];
  delete process.env.SANDBOX_RUN_DIR;
}
