import { chromium, type BrowserServer } from 'playwright-core';
import { testChromiumPath, CHROMIUM_ARGS } from '../../../scripts/stack/browser.js';
import { startTestStack } from '../testStack.js';
import { LOADED_MACHINE_UPSTREAM_DEADLINES } from './deadlines.js';
import { warmPartsEnv } from './warmParts.js';

export interface WarmParts {
  browsers: BrowserServer[];
  stacks: Array<Awaited<ReturnType<typeof startTestStack<'server'>>>>;
}

/**
 * Before the e2e files, once a run (globalSetup.mjs): for each jest worker one Chromium (its files connect, and open a
 * context per test) and one whole product (BFF and sandbox, as `npm start` runs it) for the
 * files that only browse it (test/support/e2e/sharedSite.ts). Both run in jest's main process, which
 * idles while the workers test, and are handed over by address in the environment the workers inherit.
 * A file that injects faults, counts sandbox calls or sets limits starts its own product
 * (browserSession.ts), still on this worker's warm Chromium.
 */
export async function startWarmParts(workers: number): Promise<WarmParts> {
  const slots = Math.max(1, Math.min(workers, 4));
  const parts: WarmParts = { browsers: [], stacks: [] };
  for (let slot = 1; slot <= slots; slot++) {
    const [browser, stack] = await Promise.all([
      chromium.launchServer({ executablePath: testChromiumPath(), args: CHROMIUM_ARGS }),
      startTestStack({ bff: 'server', env: LOADED_MACHINE_UPSTREAM_DEADLINES }),
    ]);
    parts.browsers.push(browser);
    parts.stacks.push(stack);
    const env = warmPartsEnv(slot);
    process.env[env.chromium] = browser.wsEndpoint();
    process.env[env.bff] = stack.bff.url;
    process.env[env.sandbox] = stack.sandbox.url;
  }
  return parts;
}

/** Stops what startWarmParts started. */
export async function stopWarmParts(parts: WarmParts): Promise<void> {
  await Promise.all([
    ...parts.browsers.map((browser) => browser.close()),
    ...parts.stacks.map((stack) => stack.stop()),
  ]);
}
