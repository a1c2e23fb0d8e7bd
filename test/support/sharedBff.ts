import { beforeAll } from '@jest/globals';
import { sharedBffEnv, type SharedUrls } from './sharedBffStart.js';
import { workerSlot } from './workerSlot.js';

/**
 * This worker slot's shared BFF (started by the run: test/support/sharedBffStart.ts) for a file that neither
 * changes state (faults, limits, Redis, config) nor reads the log; those keep their own (stackForThisFile in
 * test/support/testStack.ts). `bff.app` and `sandbox.url` are URLs: `request(shared.bff.app)` with supertest,
 * `fetch(shared.sandbox.url + ...)`.
 */
export function sharedBffForThisFile() {
  let urls: SharedUrls | undefined;
  beforeAll(() => {
    const noted = process.env[sharedBffEnv(workerSlot())];
    if (!noted)
      throw new Error('no shared BFF for this worker: run integration files through jest (npm run test:integration)');
    urls = JSON.parse(noted) as SharedUrls;
  });
  return {
    get sandbox() {
      if (!urls) throw new Error('sandbox read before beforeAll ran');
      return { url: urls.sandbox };
    },
    get bff() {
      if (!urls) throw new Error('bff read before beforeAll ran');
      return { app: urls.bff };
    },
  };
}
