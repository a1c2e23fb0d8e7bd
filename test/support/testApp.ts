import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { composeApp } from '../../server/composeApp.js';
import { loadConfig, UPSTREAM_SERVICES } from '../../server/config.js';
import { Lifecycle } from '../../server/http/lifecycle.js';
import { createLogger } from '../../server/logger.js';
import { builtClientAssets } from '../../server/render/assets.js';

/** Log lines the app wrote, parsed, so tests can assert on them. */
export class CapturedLog extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];

  /**
   * The first line matching, waiting for it: a request's line is written when its response finishes. The
   * deadline only a hang reaches (a busy machine may take a while); undefined after it.
   */
  async find(
    predicate: (line: Record<string, unknown>) => boolean,
    timeoutMs = 20_000,
  ): Promise<Record<string, unknown> | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.find(predicate);
      if (line || Date.now() > deadline) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

/** A clock for the caches that a test moves on instead of sleeping past a fresh time. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): number => Date.now() + this.offsetMs;
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

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

/** Upstream URLs of a sandbox at `sandboxUrl`; without one, a closed port, so any upstream call fails fast. */
function upstreamEnv(sandboxUrl = 'http://127.0.0.1:9'): Record<string, string> {
  return Object.fromEntries(UPSTREAM_SERVICES.map((s) => [`UPSTREAM_${s.toUpperCase()}_URL`, `${sandboxUrl}/${s}`]));
}

/**
 * The real app, wired as in production, over the real client build (run `npm run build:client`
 * first) and a sandbox given by URL, with its log captured. Call `close()` in afterAll.
 */
export function createTestApp(
  env: Record<string, string> = {},
  options: { sandboxUrl?: string; clock?: TestClock } = {},
) {
  // The page cache is off unless a test turns it on: page tests change the sandbox between requests for one page.
  const config = loadConfig({
    ...TEST_HARNESS_ENV,
    LOG_LEVEL: 'info',
    PAGE_CACHE: 'false',
    ...upstreamEnv(options.sandboxUrl),
    ...env,
  });
  const log = new CapturedLog();
  const lifecycle = new Lifecycle();
  lifecycle.state = 'ready';
  const composed = composeApp({
    config,
    logger: createLogger(config, log),
    lifecycle,
    ...builtClientAssets(),
    ...(options.clock ? { now: options.clock.now } : {}),
  });
  return { ...composed, log, lifecycle, config };
}
