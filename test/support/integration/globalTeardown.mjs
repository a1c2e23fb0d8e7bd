// Jest's integration globalTeardown: ends what globalSetup.mjs started (tsx's loader is registered by then).
import { closeRunDir } from '../../../scripts/stack/runDir.mjs';

export default async function globalTeardown() {
  if (globalThis.integrationSlotStacks) {
    const { stopSlotStacks } = await import('../slotStacks.ts');
    await stopSlotStacks(globalThis.integrationSlotStacks);
  }
  closeRunDir();
}
