import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MARKETS } from '../markets/registry.js';
import type { RunningSandbox } from '../sandbox/app.js';
import type { AssetResolver } from '../views/AssetResolver.js';
import { composeApp } from './composeApp.js';
import type { SearchCache } from './cache/searchCache.js';
import { UPSTREAM_SERVICES, type Config } from './config.js';
import { installGracefulShutdown } from './http/gracefulShutdown.js';
import { Lifecycle } from './http/lifecycle.js';
import { installProcessSafetyNet } from './http/processSafetyNet.js';

export interface RunningBff {
  server: Server;
  url: string;
  config: Config;
  sandbox: RunningSandbox | undefined;
  searchCache: SearchCache;
  shutdown: (reason: string, exitCode?: number) => Promise<void>;
}

/**
 * Starts everything one container runs: the embedded sandbox for any upstream without a URL,
 * Redis (when configured), the app and its HTTP server, and the shutdown handling.
 */
export async function startBff(options: {
  config: Config;
  logger: Logger;
  assets: AssetResolver;
  clientAssets: RequestHandler;
  exit?: (code: number) => void;
  /** Process-wide uncaughtException/unhandledRejection handling: on for a real process, off inside tests. */
  safetyNet?: boolean;
}): Promise<RunningBff> {
  const { logger } = options;
  const lifecycle = new Lifecycle();
  const missing = UPSTREAM_SERVICES.filter((name) => !options.config.upstreamUrls[name]);
  let sandbox: RunningSandbox | undefined;
  let config = options.config;
  if (missing.length > 0) {
    // Imported only when used: the sandbox's code and seeded data are about 20 MB of heap (60 MB RSS) a production process never needs.
    const { startSandbox } = await import('../sandbox/app.js');
    sandbox = await startSandbox(config.sandboxPort, '127.0.0.1', { faultSpec: config.sandboxFault });
    const upstreamUrls = { ...config.upstreamUrls };
    for (const name of missing) upstreamUrls[name] = sandbox.serviceUrl(name);
    config = { ...config, upstreamUrls };
    logger.info({ url: sandbox.url, services: missing }, 'no upstream URL configured: using the embedded sandbox');
  }

  const composed = composeApp({ config, logger, lifecycle, assets: options.assets, clientAssets: options.clientAssets, defaultMetrics: true });
  const server = createServer(composed.app);
  server.keepAliveTimeout = 65_000; // longer than a typical load balancer's idle timeout
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const shutdown = installGracefulShutdown({
    server,
    lifecycle,
    logger,
    graceMs: config.shutdownGraceMs,
    closeDependencies: async () => {
      await composed.close();
      await sandbox?.close();
    },
    ...(options.exit ? { exit: options.exit } : {}),
  });
  if (options.safetyNet) {
    installProcessSafetyNet({ logger, shutdown, graceMs: config.shutdownGraceMs, ...(options.exit ? { exit: options.exit } : {}) });
  }
  lifecycle.state = 'ready';
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ port, markets: MARKETS.map((m) => `http://${m.devHostname}:${port}/`) }, 'listening');
  return { server, url, config, sandbox, searchCache: composed.searchCache, shutdown };
}
