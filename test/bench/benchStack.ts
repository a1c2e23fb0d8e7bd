// The product as production runs it, in this process, for the benches that load it (scripts/stack/startStack.ts's
// 'server' kind): NODE_ENV=production, the sandbox beside it, the client build (made when missing), free ports, and
// log lines at warn and above only: at thousands of answers a second they would measure the terminal.
import { ensureClientBuild } from '../../scripts/stack/samplePages.js';
import { startStack } from '../../scripts/stack/startStack.js';

/** Starts the BFF and its sandbox with the page cache on unless `env` says otherwise; `stop()` ends both. */
export function startBenchStack(env: Record<string, string> = {}) {
  ensureClientBuild();
  return startStack({
    bff: 'server',
    env: { NODE_ENV: 'production', SANDBOX: 'true', LOG_LEVEL: 'warn', PAGE_CACHE: 'true', ...env },
  });
}
