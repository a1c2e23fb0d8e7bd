// The production start-up (safety net on), then one error nothing handles, of the kind named by
// FATAL_KIND, FATAL_AFTER_MS after listening: what test/integration/processSafetyNet.test.ts watches.
import { loadConfig } from '../../../server/config.js';
import { createLogger } from '../../../server/logger.js';
import { builtClientAssets } from '../../../server/render/assets.js';
import { startBff } from '../../../server/start.js';

const config = loadConfig();
await startBff({ config, logger: createLogger(config), ...builtClientAssets(), safetyNet: true });
setTimeout(
  () => {
    if (process.env.FATAL_KIND === 'unhandledRejection') void Promise.reject(new Error('planted rejection'));
    else throw new Error('planted exception');
  },
  Number(process.env.FATAL_AFTER_MS ?? 0),
);
