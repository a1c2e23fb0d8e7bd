// Jest's e2e globalSetup. Jest loads it outside its module resolution (no `.js` → `.ts` mapping), so
// the TypeScript that starts the warm parts is imported through tsx, as `npm run dev` runs the server.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup(globalConfig) {
  const { startWarmParts } = await tsImport('./warmPartsStart.ts', import.meta.url);
  // Read by globalTeardown.mjs, which jest runs in this same process.
  globalThis.e2eWarmParts = await startWarmParts(globalConfig.maxWorkers);
}
