import { afterAll, beforeAll, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { E2E_TEST_DEADLINE_MS } from './deadlines.js';
import { warmBrowser } from './warmBrowser.js';
import { slotStackUrls } from '../slotStacks.js';

/**
 * For an e2e file that only browses the product: this worker's warm product (BFF and embedded sandbox,
 * started once a run by globalSetup.mjs and shared by the worker's browsing files, one after another) and
 * its warm Chromium. It must leave the product as it found it: no faults (there is no `sandbox.ctx`
 * here), no limits spent, nothing the next file would see. Read `site.browser`, `site.url()` and
 * `site.sandbox.url` inside tests.
 */
export function browseSharedSite() {
  jest.setTimeout(E2E_TEST_DEADLINE_MS);
  const shared = () => {
    const urls = slotStackUrls('e2e');
    if (!urls) throw new Error("no shared product for this worker: run e2e files through jest's e2e project");
    return urls;
  };
  const origin = () => shared().bff;
  const site = {
    browser: undefined as unknown as Browser,
    /** The URL of one market's development host. */
    url: (devHostname: string, path = '/') => origin().replace('localhost', devHostname) + path,
    /** The product's own origin (its Host decides the market). */
    origin,
    sandbox: {
      get url() {
        return shared().sandbox;
      },
    },
  };
  beforeAll(async () => {
    site.browser = await warmBrowser();
  }, E2E_TEST_DEADLINE_MS);
  afterAll(() => site.browser?.close(), E2E_TEST_DEADLINE_MS);
  return site;
}
