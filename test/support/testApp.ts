import { randomBytes } from 'node:crypto';
import { composeBff, type TestClock } from '../../scripts/stack/composedBff.js';
import {
  startStack,
  upstreamEnvOf,
  type BffKind,
  type SandboxKind,
  type StackOptions,
} from '../../scripts/stack/startStack.js';

/**
 * The rate-limit counters of this test process in Redis: test files run in parallel from 127.0.0.1
 * against one Redis, and must not use up each other's per-client limits. Apps of one process share it.
 */
export const TEST_RATE_LIMIT_PREFIX = `test:rl:${process.pid}-${randomBytes(4).toString('hex')}:`;

/** What every BFF a test starts runs with (before the test's own settings). */
export const TEST_HARNESS_ENV = {
  NODE_ENV: 'test',
  RATE_LIMIT_REDIS_PREFIX: TEST_RATE_LIMIT_PREFIX,
  // Tests check that an AVIF is made and served, never its weight: effort 0 costs about a twentieth of
  // production's 4, which took a third of the e2e sweep's CPU (docs/pictures.md).
  IMAGE_AVIF_EFFORT: '0',
};

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

/** A test's defaults by kind of BFF: the page cache off unless asked for (tests change the sandbox between visits). */
const TEST_KIND_ENV: Record<BffKind, Record<string, string>> = {
  app: { LOG_LEVEL: 'info', PAGE_CACHE: 'false' },
  server: { LOG_LEVEL: 'silent', PAGE_CACHE: 'false' },
  process: { LOG_LEVEL: 'info' },
  none: {},
};

/** scripts/stack/startStack.ts with what every test's BFF runs with before the test's own `env`. */
export function startTestStack<B extends BffKind, S extends SandboxKind = 'here'>(options: StackOptions<B, S>) {
  return startStack({ ...options, env: { ...TEST_HARNESS_ENV, ...TEST_KIND_ENV[options.bff], ...options.env } });
}

/** The URL of one market's development host on a listening BFF. */
export function marketUrl(bff: { url: string }, devHostname: string, path = '/'): string {
  return bff.url.replace('localhost', devHostname) + path;
}
