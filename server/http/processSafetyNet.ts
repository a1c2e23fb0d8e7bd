import type { Logger } from 'pino';

export interface SafetyNetOptions {
  logger: Logger;
  /** The graceful shutdown (server/http/gracefulShutdown.ts), called with exit code 1. */
  shutdown: (reason: string, exitCode: number) => Promise<void>;
  /** Longest the shutdown may take before the process is ended anyway. */
  graceMs: number;
  exit?: (code: number) => void;
}

/**
 * The last line of defence, not a fix: an error nothing handled means the process is in an unknown
 * state, so it is logged once at fatal with what is known, in-flight requests are given the grace
 * period, and the process exits 1 so the orchestrator starts a fresh one. Every known failure
 * (upstream answers, client aborts) is handled where it happens; the fault matrix proves none
 * reaches here.
 */
export function installProcessSafetyNet(options: SafetyNetOptions): () => void {
  const { logger, shutdown, graceMs, exit = (code) => process.exit(code) } = options;
  let failing = false;
  const onFatal = (kind: 'uncaughtException' | 'unhandledRejection') => (reason: unknown) => {
    const err = reason instanceof Error ? reason : new Error(`non-error ${kind}: ${String(reason)}`);
    logger.fatal({ err, kind, alreadyStopping: failing }, `${kind}: shutting down`);
    if (failing) return;
    failing = true;
    // If shutting down itself hangs or throws, still end the process.
    setTimeout(() => exit(1), graceMs + 2_000).unref();
    shutdown(kind, 1).catch(() => exit(1));
  };
  const onException = onFatal('uncaughtException');
  const onRejection = onFatal('unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
