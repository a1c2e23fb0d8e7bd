// Jest's e2e globalTeardown: stops what globalSetup.mjs started (tsx's loader is registered by then).
import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  if (globalThis.e2eWarmParts) {
    const { stopWarmParts } = await import('./warmPartsStart.ts');
    await stopWarmParts(globalThis.e2eWarmParts);
  }
  if (process.env.SANDBOX_PHOTO_DIR) rmSync(process.env.SANDBOX_PHOTO_DIR, { recursive: true, force: true });
}
