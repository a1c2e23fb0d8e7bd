import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import type { TestClock } from '../../scripts/stack/composedBff.js';
import { createTestApp } from './testApp.js';

/**
 * One BFF (no Redis) in front of its own sandbox for a test file: started before the file's tests,
 * closed after them, and the sandbox's injected faults cleared after each test. Read `sandbox` and
 * `bff` inside tests (they exist once beforeAll has run).
 */
export function sandboxedBffForThisFile(env: Record<string, string> = {}, clock?: TestClock) {
  let sandbox: SandboxHere | undefined;
  let bff: ReturnType<typeof createTestApp> | undefined;
  beforeAll(async () => {
    sandbox = await startSandboxHere();
    bff = createTestApp(env, { sandboxUrl: sandbox.url, ...(clock ? { clock } : {}) });
  });
  afterAll(async () => {
    await bff?.close();
    await sandbox?.close();
  });
  afterEach(() => sandbox?.ctx.faults.clear());
  return {
    get sandbox() {
      if (!sandbox) throw new Error('sandbox read before beforeAll ran');
      return sandbox;
    },
    get bff() {
      if (!bff) throw new Error('bff read before beforeAll ran');
      return bff;
    },
  };
}
