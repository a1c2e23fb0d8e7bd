// Jest's e2e globalTeardown: stops what globalSetup.mjs started (tsx's loader is registered by then).
import { closeRunDir } from '../../../scripts/stack/runDir.mjs';

export default async function globalTeardown() {
  if (globalThis.e2eSlotStacks) {
    const { stopSlotStacks } = await import('../slotStacks.ts');
    await stopSlotStacks(globalThis.e2eSlotStacks);
  }
  closeRunDir();
}
