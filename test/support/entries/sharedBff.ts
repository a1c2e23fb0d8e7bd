// One BFF (no Redis, page cache off) before its own sandbox, for the read-only integration files of one jest
// worker slot (test/support/sharedBff.ts: the integration global setup starts it). Sends its URLs over IPC, and
// ends when the run does (the IPC channel closes).
import { listen } from '../apiHarness.js';
import { startSandboxHere } from '../../../scripts/stack/startStack.js';
import { createTestApp } from '../testApp.js';

const sandbox = await startSandboxHere();
const bff = createTestApp({ LOG_LEVEL: 'warn' }, { sandboxUrl: sandbox.url });
const server = await listen(bff.app);
process.send!({ bff: server.origin, sandbox: sandbox.url });
process.on('disconnect', () => {
  void Promise.all([server.close(), bff.close(), sandbox.close()]).finally(() => process.exit(0));
});
