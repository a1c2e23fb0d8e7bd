import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Lifecycle } from './lifecycle.js';

export interface ShutdownOptions {
  server: Server;
  lifecycle: Lifecycle;
  logger: Logger;
  /** How long in-flight requests may take to finish before their connections are cut. */
  graceMs: number;
  /** Closed after the server stopped: Redis, the embedded sandbox. */
  closeDependencies: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish (at most graceMs), close
 * dependencies, exit 0 (or `exitCode`, e.g. 1 after a fatal error, so the orchestrator restarts
 * the process). Returns the shutdown function so tests can drive it without signals.
 */
export function installGracefulShutdown(
  options: ShutdownOptions,
): (reason: string, exitCode?: number) => Promise<void> {
  const { server, lifecycle, logger, graceMs, closeDependencies, exit = (code) => process.exit(code) } = options;
  let stopping: Promise<void> | undefined;
  let finalCode = 0; // a fatal error during a clean shutdown still exits non-zero

  // While stopping, tell keep-alive clients not to reuse their connection, and drop each
  // connection as soon as its last response is out, so close() does not wait for idle timeouts.
  // Answers still being written, so that event streams can be ended at shutdown (below).
  const open = new Set<ServerResponse>();
  server.on('request', (_req, res) => {
    if (lifecycle.state === 'stopping') res.setHeader('Connection', 'close');
    open.add(res);
    res.once('close', () => open.delete(res));
    res.once('finish', () => {
      if (lifecycle.state === 'stopping') setImmediate(() => server.closeIdleConnections());
    });
  });

  const shutdown = (reason: string, exitCode = 0) => {
    finalCode = Math.max(finalCode, exitCode);
    stopping ??= (async () => {
      lifecycle.state = 'stopping';
      logger.info({ reason }, 'shutting down: finishing in-flight requests');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // An event stream never finishes by itself within the grace period: ended now, the browser's
      // EventSource reconnects with Last-Event-ID, through the load balancer to another replica.
      for (const res of open)
        if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) res.end();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), graceMs);
        timer.unref();
      });
      if ((await Promise.race([closed, deadline])) === 'timeout') {
        logger.warn({ graceMs }, 'grace period over: closing remaining connections');
        server.closeAllConnections();
      }
      clearTimeout(timer);
      await closeDependencies().catch((err: unknown) => logger.error({ err }, 'closing dependencies failed'));
      logger.info('stopped');
      exit(finalCode);
    })();
    return stopping;
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutdown(signal));
  return shutdown;
}
