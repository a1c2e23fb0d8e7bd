// The BFF composed in this process without a listener (startStack's 'app' kind): supertest drives `app`, its log
// lines are captured to assert on, and its caches may run on a clock the caller moves instead of waiting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { composeApp } from '../../server/composeApp.js';
import { loadConfig } from '../../server/config.js';
import { Lifecycle } from '../../server/http/lifecycle.js';
import { createLogger } from '../../server/logger.js';
import { builtClientAssets } from '../../server/render/assets.js';
import { waitUntil } from './waitUntil.js';

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
    await waitUntil(() => this.lines.some(predicate), 'a log line', { timeoutMs, everyMs: 10 }).catch(() => undefined);
    return this.lines.find(predicate);
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

export type ComposedBff = ReturnType<typeof composeBff>;

/**
 * The real app, wired as in production, over the real client build (`npm run build:client` first), configured by
 * `env` alone (the stack's upstreams and Redis among it), ready at once. Call `close()` when done.
 */
export function composeBff(env: Record<string, string>, options: { clock?: TestClock } = {}) {
  const config = loadConfig(env);
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

/** A composed app on a real listening socket, for what supertest cannot show (event streams, disconnects, raw bytes). */
export async function listen(app: http.RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
