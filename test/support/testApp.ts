import { Writable } from 'node:stream';
import express from 'express';
import { MARKETS } from '../../markets/registry.js';
import { createApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { Lifecycle } from '../../server/http/lifecycle.js';
import { createLogger } from '../../server/logger.js';
import { manifestAssets } from '../../server/render/assets.js';

/** Log lines the app wrote, parsed, so tests can assert on them. */
export class CapturedLog extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];

  /** The first line matching, waiting briefly: a request's line is written when its response finishes. */
  async find(predicate: (line: Record<string, unknown>) => boolean, timeoutMs = 1_000): Promise<Record<string, unknown> | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.find(predicate);
      if (line || Date.now() > deadline) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

/** The real app over the real client build (run `npm run build:client` first), with a captured log. */
export function createTestApp(env: Record<string, string> = {}, overrides: Partial<Config> = {}) {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env }), ...overrides };
  const log = new CapturedLog();
  const lifecycle = new Lifecycle();
  lifecycle.state = 'ready';
  const app = createApp({
    config,
    logger: createLogger(config, log),
    markets: MARKETS,
    assets: manifestAssets('dist/client/.vite/manifest.json'),
    lifecycle,
    probes: [],
    clientAssets: express.Router().use('/assets', express.static('dist/client/assets', { index: false })),
  });
  return { app, log, lifecycle, config };
}
