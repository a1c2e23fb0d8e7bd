// The product as production runs it, in this process, for the benches that load it: NODE_ENV=production
// (decided before React loads, as server/main.ts does, hence the dynamic imports), the embedded sandbox,
// the client build (made when missing), free ports, and log lines at warn and above only: at thousands of
// answers a second they would measure the terminal.
import type { RunningBff } from '../../server/start.js';

process.env.NODE_ENV = 'production';

/** Starts the BFF and its sandbox with the page cache on unless `env` says otherwise. */
export async function startProductionBff(env: Record<string, string> = {}): Promise<RunningBff> {
  const { loadConfig } = await import('../../server/config.js');
  const { createLogger } = await import('../../server/logger.js');
  const { builtClientAssets } = await import('../../server/render/assets.js');
  const { startBff } = await import('../../server/start.js');
  const { ensureClientBuild } = await import('../support/samplePages.js');
  ensureClientBuild();
  const config = loadConfig({
    NODE_ENV: 'production',
    SANDBOX: 'true',
    LOG_LEVEL: 'warn',
    PORT: '0',
    SANDBOX_PORT: '0',
    HOST: '127.0.0.1',
    PAGE_CACHE: 'true',
    ...env,
  });
  return startBff({ config, logger: createLogger(config), ...builtClientAssets(), exit: () => undefined });
}
