import { chromium } from 'playwright-core';
import { testChromiumPath, CHROMIUM_ARGS } from '../../../scripts/stack/browser.js';
import type { SlotStack } from '../slotStacks.js';
import { startTestStack } from '../testStack.js';
import { LOADED_MACHINE_UPSTREAM_DEADLINES } from './deadlines.js';

/**
 * The e2e stage's slot stack (test/support/slotStacks.ts, started by globalSetup.mjs): one Chromium (the slot's files
 * connect, and open a context per test) and one whole product (BFF and sandbox, as `npm start` runs it) for the files
 * that only browse it (test/support/e2e/sharedSite.ts). Both run in jest's main process, which idles while the
 * workers test. A file that injects faults, counts sandbox calls or sets limits starts its own product
 * (browserSession.ts), still on this slot's warm Chromium.
 */
export async function startWarmParts(): Promise<SlotStack> {
  const [browser, stack] = await Promise.all([
    chromium.launchServer({ executablePath: testChromiumPath(), args: CHROMIUM_ARGS }),
    startTestStack({ bff: 'server', env: LOADED_MACHINE_UPSTREAM_DEADLINES }),
  ]);
  return {
    urls: { bff: stack.bff.url, sandbox: stack.sandbox.url, chromium: browser.wsEndpoint() },
    stop: async () => {
      await Promise.all([browser.close(), stack.stop()]);
    },
  };
}
