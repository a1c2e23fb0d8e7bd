import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MARKETS } from '../markets/registry.js';
import type { AssetResolver } from '../views/AssetResolver.js';
import { composeApp } from './composeApp.js';
import type { SearchCache } from './searchCache/searchCache.js';
import type { Config } from './config.js';
import { installGracefulShutdown } from './http/gracefulShutdown.js';
import { Lifecycle } from './http/lifecycle.js';
import { installProcessSafetyNet } from './http/processSafetyNet.js';

export interface RunningBff {
  server: Server;
  url: string;
  config: Config;
  /** The /metrics listener's origin when METRICS_PORT is set. */
  metricsUrl: string | undefined;
  searchCache: SearchCache;
  shutdown: (reason: string, exitCode?: number) => Promise<void>;
}

/**
 * Starts everything one container runs: Redis (when configured), the app and its HTTP server, and the
 * shutdown handling. Every upstream has a URL by now: `npm start` gives the sandbox's to those unset
 * (scripts/withSandbox.ts), a process of its own the product never loads.
 */
export async function startBff(options: {
  config: Config;
  logger: Logger;
  assets: AssetResolver;
  clientAssets: RequestHandler;
  exit?: (code: number) => void;
  /** Process-wide uncaughtException/unhandledRejection handling: on for a real process, off inside tests. */
  safetyNet?: boolean;
  /** Sends the spans still buffered, last thing at shutdown (tracing on). */
  flushTraces?: () => Promise<void>;
}): Promise<RunningBff> {
  const { logger } = options;
  const lifecycle = new Lifecycle();
  const { config } = options;
  const composed = composeApp({
    config,
    logger,
    lifecycle,
    assets: options.assets,
    clientAssets: options.clientAssets,
    defaultMetrics: true,
  });
  const { keepAliveTimeoutMs, headersTimeoutMs, requestTimeoutMs } = config.http;
  // A client gets headersTimeout for its headers and requestTimeout for the whole request (a slow body
  // is answered 408 and closed, not held Node's default 300 s); answers, event streams included, are not bounded by them.
  // Node checks these deadlines every connectionsCheckingInterval: often enough that they hold to about a second.
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs),
    },
    composed.app,
  );
  server.keepAliveTimeout = keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const metricsServer = config.metricsPort === undefined ? undefined : createServer(composed.metricsApp);
  if (metricsServer) {
    await new Promise<void>((resolve, reject) => {
      metricsServer.once('error', reject);
      metricsServer.listen(config.metricsPort, config.host, () => resolve());
    });
  }
  const shutdown = installGracefulShutdown({
    server,
    lifecycle,
    logger,
    graceMs: config.shutdownGraceMs,
    closeDependencies: async () => {
      metricsServer?.closeAllConnections();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      await composed.close();
      await options.flushTraces?.();
    },
    ...(options.exit ? { exit: options.exit } : {}),
  });
  if (options.safetyNet) {
    installProcessSafetyNet({
      logger,
      shutdown,
      graceMs: config.shutdownGraceMs,
      ...(options.exit ? { exit: options.exit } : {}),
    });
  }
  lifecycle.state = 'ready';
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const metricsPort = metricsServer ? (metricsServer.address() as AddressInfo).port : undefined;
  const metricsUrl = metricsPort === undefined ? undefined : `http://127.0.0.1:${metricsPort}/metrics`;
  if (metricsUrl) logger.info({ metricsPort }, 'metrics listening');
  logger.info({ port, markets: MARKETS.map((m) => `http://${m.devHostname}:${port}/`) }, 'listening');
  return { server, url, config, metricsUrl, searchCache: composed.searchCache, shutdown };
}
