import { afterAll, afterEach, beforeAll, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.js';
import { marketUrl, startRunningBff } from './runningBff.js';

/**
 * For an e2e file: the whole product (as `npm start` runs it) and one Chromium, started before the
 * file's tests and stopped after them. Read `session.browser`, `session.url()` and `session.sandbox`
 * (the embedded sandbox, for fault injection; faults are cleared after each test) inside tests.
 */
export function startBrowserSession(env: Record<string, string> = {}) {
  jest.setTimeout(30_000);
  let bff: Awaited<ReturnType<typeof startRunningBff>> | undefined;
  const session = {
    browser: undefined as unknown as Browser,
    url: (devHostname: string, path = '/') => marketUrl(bff!, devHostname, path),
    /** The operator's /metrics (its own listener, METRICS_PORT). */
    metricsUrl: () => bff!.metricsUrl!,
    get sandbox() {
      return bff!.sandbox!;
    },
  };
  beforeAll(async () => {
    bff = await startRunningBff(env);
    session.browser = await launchChromium();
  });
  afterEach(() => bff?.sandbox?.ctx.faults.clear());
  afterAll(async () => {
    await session.browser?.close();
    await bff?.shutdown('test over');
  });
  return session;
}
