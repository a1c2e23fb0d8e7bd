// The production start-up (safety net on), then one error nothing handles, of the kind named by
// FATAL_KIND, once this process's sandbox has a search request in hand (so a request is in flight
// when it fires, however busy the machine): what test/integration/processSafetyNet.test.ts watches.
import { loadConfig } from '../../../server/config.js';
import { createLogger } from '../../../server/logger.js';
import { builtClientAssets } from '../../../server/render/assets.js';
import { startBff } from '../../../server/start.js';
import { startSandbox } from '../../../sandbox/app.js';

const sandbox = await startSandbox(0, '127.0.0.1', { faultSpec: process.env.SANDBOX_FAULT ?? '' });
const config = loadConfig({ ...process.env, ...sandbox.upstreamEnv() });
await startBff({ config, logger: createLogger(config), ...builtClientAssets(), safetyNet: true });
let planted = false;
sandbox.server.on('request', (req: { url?: string }) => {
  if (planted || !req.url?.startsWith('/search')) return;
  planted = true;
  // After the sandbox's own handler has taken the request (it answers after its injected latency).
  setImmediate(() => {
    if (process.env.FATAL_KIND === 'unhandledRejection') void Promise.reject(new Error('planted rejection'));
    else throw new Error('planted exception');
  });
});
