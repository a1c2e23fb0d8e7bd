// An integration worker slot's shared stack (test/support/slotStacks.ts: the integration global setup starts it):
// one BFF (no Redis, page cache off) before its own sandbox. Sends its URLs over IPC, and ends when the run does (the
// IPC channel closes).
import { listen } from '../../../scripts/stack/composedBff.js';
import type { SlotStackUrls } from '../slotStacks.js';
import { startTestStack } from '../testStack.js';

const { bff, sandbox, stop } = await startTestStack({ bff: 'app', env: { LOG_LEVEL: 'warn' } });
const server = await listen(bff.app);
process.send!({ bff: server.origin, sandbox: sandbox.url } satisfies SlotStackUrls);
process.on('disconnect', () => {
  void Promise.all([server.close(), stop()]).finally(() => process.exit(0));
});
