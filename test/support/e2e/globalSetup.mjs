// Jest's e2e globalSetup. Jest loads it outside its module resolution (no `.js` → `.ts` mapping), so the
// TypeScript that starts the warm parts runs through tsx's loader, as `npm run dev` runs the server.
// Registered for the whole process, not tsImport's namespace: that marks each module's URL with a query,
// and the sandbox tells a run from sources by its URL's `.ts` ending (the photo maker it forks).
import { register } from 'tsx/esm/api';
import { closeRunDir, openRunDir } from '../../../scripts/stack/runDir.mjs';

export default async function globalSetup(globalConfig) {
  register();
  // Every sandbox of this run (the warm ones and each file's own) makes a photograph, and the dataset, once for all of them.
  openRunDir();
  const { startSlotStacks } = await import('../slotStacks.ts');
  const { startWarmParts } = await import('./warmPartsStart.ts');
  try {
    // Read by globalTeardown.mjs, which jest runs in this same process.
    globalThis.e2eSlotStacks = await startSlotStacks('e2e', globalConfig.maxWorkers, startWarmParts);
  } catch (err) {
    closeRunDir(); // jest runs no teardown after a failed setup
    throw err;
  }
}
