import { chromium, type BrowserServer } from 'playwright-core';
import type { RunningBff } from '../../../server/start.js';
import { testChromiumPath, CHROMIUM_ARGS } from '../browser.js';
import { startRunningBff } from '../runningBff.js';
import { LOADED_MACHINE_UPSTREAM_DEADLINES } from './deadlines.js';
import { warmPartsEnv } from './warmParts.js';

export interface WarmParts {
  browsers: BrowserServer[];
  bffs: RunningBff[];
}

/**
 * Before the e2e files, once a run (globalSetup.mjs): for each jest worker one Chromium (its files connect, and open a
 * context per test) and one whole product (BFF and embedded sandbox, as `npm start` runs it) for the
 * files that only browse it (test/support/e2e/sharedSite.ts). Both run in jest's main process, which
 * idles while the workers test, and are handed over by address in the environment the workers inherit.
 * A file that injects faults, counts sandbox calls or sets limits starts its own product
 * (browserSession.ts), still on this worker's warm Chromium.
 */
export async function startWarmParts(workers: number): Promise<WarmParts> {
  const slots = Math.max(1, Math.min(workers, 4));
  const parts: WarmParts = { browsers: [], bffs: [] };
  for (let slot = 1; slot <= slots; slot++) {
    const [browser, bff] = await Promise.all([
      chromium.launchServer({ executablePath: testChromiumPath(), args: CHROMIUM_ARGS }),
      startRunningBff(LOADED_MACHINE_UPSTREAM_DEADLINES),
    ]);
    parts.browsers.push(browser);
    parts.bffs.push(bff);
    const env = warmPartsEnv(slot);
    process.env[env.chromium] = browser.wsEndpoint();
    process.env[env.bff] = bff.url;
    process.env[env.sandbox] = bff.sandbox!.url;
  }
  return parts;
}

/** Stops what startWarmParts started. */
export async function stopWarmParts(parts: WarmParts): Promise<void> {
  await Promise.all([
    ...parts.browsers.map((browser) => browser.close()),
    ...parts.bffs.map((bff) => bff.shutdown('e2e run over')),
  ]);
}
