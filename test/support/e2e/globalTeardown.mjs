// Jest's e2e globalTeardown: stops what globalSetup.mjs started (tsx's loader is registered by then).
import { closeRunDir } from '../../../scripts/stack/runDir.mjs';

export default async function globalTeardown() {
  if (globalThis.e2eWarmParts) {
    const { stopWarmParts } = await import('./warmPartsStart.ts');
    await stopWarmParts(globalThis.e2eWarmParts);
  }
  closeRunDir();
}
