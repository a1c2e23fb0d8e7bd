// Production entry: `node dist/server/main.js` (what `npm start` and the container run).
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { builtClientAssets } from './render/assets.js';
import { startBff } from './start.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config);
await startBff({ config, logger, ...builtClientAssets(), safetyNet: true });
