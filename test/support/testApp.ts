import { composeBff, type TestClock } from '../../scripts/stack/composedBff.js';
import { upstreamEnvOf } from '../../scripts/stack/startStack.js';
import { TEST_HARNESS_ENV } from './testStack.js';

/**
 * The real app composed in this process (scripts/stack/composedBff.ts) over a sandbox given by URL (without one, a
 * closed port, so any upstream call fails fast), with its log captured. Call `close()` in afterAll.
 */
export function createTestApp(
  env: Record<string, string> = {},
  options: { sandboxUrl?: string; clock?: TestClock } = {},
) {
  // The page cache is off unless a test turns it on: page tests change the sandbox between requests for one page.
  return composeBff(
    {
      ...TEST_HARNESS_ENV,
      LOG_LEVEL: 'info',
      PAGE_CACHE: 'false',
      ...upstreamEnvOf(options.sandboxUrl ?? 'http://127.0.0.1:9'),
      ...env,
    },
    options.clock ? { clock: options.clock } : {},
  );
}
