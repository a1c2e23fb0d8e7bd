// Development entry: `npm run dev`. Vite in middleware mode serves islands and styles with hot reload.
import { createServer as createViteServer } from 'vite';
import { loadConfig } from './config.js';
import { ConfigError } from './config/envTypes.js';
import { createLogger } from './logger.js';
import { devServerAssets } from './render/assets.js';
import { startBff } from './start.js';

let config;
try {
  config = loadConfig({ NODE_ENV: 'development', ...process.env });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const vite = await createViteServer({ server: { middlewareMode: true, hmr: { port: 24678 } }, appType: 'custom' });
const logger = createLogger(config);
const bff = await startBff({ config, logger, assets: devServerAssets(), clientAssets: vite.middlewares });
bff.server.on('close', () => void vite.close());
