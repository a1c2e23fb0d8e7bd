// Jest's e2e globalTeardown: stops what globalSetup.mjs started.
import { tsImport } from 'tsx/esm/api';

export default async function globalTeardown() {
  if (!globalThis.e2eWarmParts) return;
  const { stopWarmParts } = await tsImport('./warmPartsStart.ts', import.meta.url);
  await stopWarmParts(globalThis.e2eWarmParts);
}
