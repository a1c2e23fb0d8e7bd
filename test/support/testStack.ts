// The stack starter (scripts/stack/startStack.ts) with what every test's BFF runs with, and its jest lifecycle for a
// test file. A test starts the product one way: `startTestStack(options)` where it holds the stack itself,
// `stackForThisFile(options)` where the file's tests share one (jest's global hooks: this module is loaded outside jest
// too, by the global setups' processes).
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';
import {
  startStack,
  type BffKind,
  type SandboxHere,
  type SandboxKind,
  type Stack,
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

/**
 * One stack for a test file (or a describe block): started before its tests, stopped after them, and the sandbox's
 * injected faults cleared after each test. Read `bff`, `sandbox` and `redis` inside tests (they exist once beforeAll
 * has run).
 */
export function stackForThisFile<B extends BffKind, S extends SandboxKind = 'here'>(options: StackOptions<B, S>) {
  let stack: Stack<B, S> | undefined;
  beforeAll(async () => {
    stack = await startTestStack(options);
  });
  afterAll(() => stack?.stop());
  afterEach(() => {
    if (typeof options.sandbox === 'object') return; // a sandbox it joined is its owner's to clear
    const sandbox = stack?.sandbox as { ctx?: { faults: { clear(): void } } } | undefined;
    sandbox?.ctx?.faults.clear();
  });
  const started = () => {
    if (!stack) throw new Error('the stack read before beforeAll ran');
    return stack;
  };
  return {
    get bff() {
      return started().bff;
    },
    get sandbox() {
      return started().sandbox;
    },
    get redis() {
      return started().redis;
    },
    get env() {
      return started().env;
    },
  };
}

/**
 * The stack with supertest agents bound to four markets' development hosts over its composed app: `h.se.get(path)`,
 * `h.no.post(path, body)`.
 */
export function withMarketAgents<T extends { bff: ComposedBff }>(stack: T) {
  const on = (host: string) => ({
    get: (path: string) => request(stack.bff.app).get(path).set('Host', host),
    post: (path: string, body?: unknown) => {
      const req = request(stack.bff.app).post(path).set('Host', host);
      return body === undefined ? req : req.send(body as object);
    },
  });
  return { ...stack, se: on('se.localhost'), no: on('no.localhost'), uk: on('uk.localhost'), fi: on('fi.localhost') };
}
/** A stack with its BFF composed here, before a sandbox here, with market agents (`withMarketAgents`). */
export type MarketStack = ReturnType<typeof withMarketAgents<Stack<'app', SandboxHere>>>;
export type MarketAgent = MarketStack['se'];

/** The URL of one market's development host on a listening BFF. */
export function marketUrl(bff: { url: string }, devHostname: string, path = '/'): string {
  return bff.url.replace('localhost', devHostname) + path;
}
