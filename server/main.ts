// Production entry: `node dist/server/main.js` (what `npm start` and the container run).
import express from 'express';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { manifestAssets } from './render/assets.js';
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
const clientAssets = express.Router().use(
  '/assets',
  express.static('dist/client/assets', { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
);
await startBff({ config, logger, assets: manifestAssets('dist/client/.vite/manifest.json'), clientAssets });
