import { loadConfig } from '../../server/config.js';
import { TEST_HARNESS_ENV } from './testApp.js';
import { createLogger } from '../../server/logger.js';
import { builtClientAssets } from '../../server/render/assets.js';
import { startBff, type RunningBff } from '../../server/start.js';

/**
 * The whole product as `npm start` runs it (BFF, embedded sandbox, optional Redis) on free ports,
 * over the real client build. `exit` is captured instead of ending the test process.
 */
export async function startRunningBff(env: Record<string, string> = {}): Promise<RunningBff & { exits: number[] }> {
  // The page cache is off unless asked for: browser tests inject sandbox faults between visits to one page.
  const config = loadConfig({
    ...TEST_HARNESS_ENV,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SANDBOX_PORT: '0',
    HOST: '127.0.0.1',
    PAGE_CACHE: 'false',
    METRICS_PORT: '0',
    ...env,
  });
  const exits: number[] = [];
  const bff = await startBff({
    config,
    logger: createLogger(config),
    ...builtClientAssets(),
    exit: (code) => exits.push(code),
  });
  return { ...bff, exits };
}

/** The URL of one market's development host on the running BFF. */
export function marketUrl(bff: Pick<RunningBff, 'url'>, devHostname: string, path = '/'): string {
  return bff.url.replace('localhost', devHostname) + path;
}
