import { afterAll, afterEach, beforeAll, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { E2E_TEST_DEADLINE_MS, LOADED_MACHINE_UPSTREAM_DEADLINES } from './e2e/deadlines.js';
import { warmBrowser } from './e2e/warmBrowser.js';
import { marketUrl, startTestStack } from './testStack.js';

/**
 * For an e2e file that needs a product of its own (it injects faults, reads the sandbox's counts or
 * sets limits): the whole product (as `npm start` runs it), started before the file's tests and stopped
 * after them, and this worker's warm Chromium. Read `session.browser`, `session.url()` and
 * `session.sandbox` (the product's sandbox, for fault injection; faults are cleared after each test)
 * inside tests. A file that only browses uses test/support/e2e/sharedSite.ts.
 */
export function startBrowserSession(env: Record<string, string> = {}) {
  jest.setTimeout(E2E_TEST_DEADLINE_MS);
  let stack: Awaited<ReturnType<typeof startTestStack<'server'>>> | undefined;
  const session = {
    browser: undefined as unknown as Browser,
    url: (devHostname: string, path = '/') => marketUrl(stack!.bff, devHostname, path),
    /** The operator's /metrics (its own listener, METRICS_PORT). */
    metricsUrl: () => stack!.bff.metricsUrl!,
    get sandbox() {
      return stack!.sandbox;
    },
  };
  beforeAll(async () => {
    [stack, session.browser] = await Promise.all([
      startTestStack({ bff: 'server', env: { ...LOADED_MACHINE_UPSTREAM_DEADLINES, ...env } }),
      warmBrowser(),
    ]);
  }, E2E_TEST_DEADLINE_MS);
  afterEach(() => stack?.sandbox.ctx.faults.clear());
  afterAll(async () => {
    await session.browser?.close();
    await stack?.stop();
  }, E2E_TEST_DEADLINE_MS);
  return session;
}
