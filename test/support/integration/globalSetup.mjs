// Jest's integration globalSetup: the run's photographs and dataset, shared by every sandbox its files start, and a shared
// stack for each worker slot (test/support/slotStacks.ts). Jest loads this outside its module resolution, so the
// TypeScript runs through tsx's loader, as in the e2e global setup.
import { register } from 'tsx/esm/api';
import { closeRunDir, openRunDir } from '../../../scripts/stack/runDir.mjs';

export default async function globalSetup(globalConfig) {
  register();
  openRunDir();
  const { spawnSlotStack, startSlotStacks } = await import('../slotStacks.ts');
  try {
    // Read by globalTeardown.mjs, which jest runs in this same process.
    globalThis.integrationSlotStacks = await startSlotStacks('integration', globalConfig.maxWorkers, spawnSlotStack);
  } catch (err) {
    closeRunDir(); // jest runs no teardown after a failed setup
    throw err;
  }
}
