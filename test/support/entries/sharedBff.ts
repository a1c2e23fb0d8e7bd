// One BFF (no Redis, page cache off) before its own sandbox, for the read-only integration files of one jest
// worker slot (test/support/sharedBff.ts: the integration global setup starts it). Sends its URLs over IPC, and
// ends when the run does (the IPC channel closes).
import { listen } from '../../../scripts/stack/composedBff.js';
import { startTestStack } from '../testStack.js';

const { bff, sandbox, stop } = await startTestStack({ bff: 'app', env: { LOG_LEVEL: 'warn' } });
const server = await listen(bff.app);
process.send!({ bff: server.origin, sandbox: sandbox.url });
process.on('disconnect', () => {
  void Promise.all([server.close(), stop()]).finally(() => process.exit(0));
});
