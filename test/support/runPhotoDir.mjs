// The directory a test run's sandboxes share their photographs in (SANDBOX_PHOTO_DIR; sandbox/README.md): made
// once, the same bytes in every process, and making them was a tenth of a stage's CPU. `npm test` opens one for
// all its stages (scripts/testStages.mjs); a stage run alone opens its own in jest's global setup. Whoever opened
// it removes it, so it never outlives the run, nor the code that drew its pictures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OPENED = Symbol.for('test-run.photo-dir');

/** Sets SANDBOX_PHOTO_DIR to a new directory unless the run already has one. */
export function openRunPhotoDir() {
  if (process.env.SANDBOX_PHOTO_DIR) return;
  process.env.SANDBOX_PHOTO_DIR = mkdtempSync(join(tmpdir(), 'test-photos-'));
  globalThis[OPENED] = process.env.SANDBOX_PHOTO_DIR;
}

/** Removes the directory openRunPhotoDir made in this process (never one the run was given). */
export function closeRunPhotoDir() {
  const dir = globalThis[OPENED];
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  delete globalThis[OPENED];
  delete process.env.SANDBOX_PHOTO_DIR;
}
