// A stack for each jest worker slot, started once a run by a stage's global setup and shared by the files of that
// slot that leave the product as they found it (no faults, limits, Redis, config, nor the log). Started by the run,
// not by a worker: jest replaces a worker every few files (its heap past workerIdleMemoryLimit), and a stack a worker
// started ended with it, to be started again (about 10 s of CPU) by the next. The global setup hands each slot's
// addresses to the workers in the environment they inherit. Loaded by the global setups too: jest's hooks are its
// globals here, not imports.
import { spawn } from 'node:child_process';
import { workerSlot } from './workerSlot.js';

/** Where a slot's shared stack answers: its BFF and its sandbox, and for e2e the slot's warm Chromium. */
export interface SlotStackUrls {
  bff: string;
  sandbox: string;
  chromium?: string;
}
export interface SlotStack {
  urls: SlotStackUrls;
  stop(): Promise<void>;
}
export type Stage = 'integration' | 'e2e';

/** At most this many (jest's default on a many-core machine is a worker a core); further slots share them in turn. */
const MAX_SLOT_STACKS = 4;
const variableOf = (stage: Stage, slot: number) => `${stage.toUpperCase()}_SLOT_STACK_${slot}`;

/** In the global setup: `start` once for each worker slot, each slot's addresses noted for the workers. */
export async function startSlotStacks(
  stage: Stage,
  workers: number,
  start: (slot: number) => Promise<SlotStack>,
): Promise<SlotStack[]> {
  const slots = Array.from({ length: Math.max(1, Math.min(workers, MAX_SLOT_STACKS)) }, (_, i) => i + 1);
  const settled = await Promise.allSettled(slots.map(start));
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopSlotStacks(started);
    throw failed.reason;
  }
  started.forEach((stack, i) => (process.env[variableOf(stage, i + 1)] = JSON.stringify(stack.urls)));
  return started;
}

/** In the global teardown. */
export const stopSlotStacks = (stacks: readonly SlotStack[]) => Promise.all(stacks.map((s) => s.stop()));

/** In a test worker: this slot's shared stack's addresses, or undefined outside a stage's run. */
export function slotStackUrls(stage: Stage): SlotStackUrls | undefined {
  const noted = process.env[variableOf(stage, ((workerSlot() - 1) % MAX_SLOT_STACKS) + 1)];
  return noted ? (JSON.parse(noted) as SlotStackUrls) : undefined;
}

/**
 * The integration stage's slot stack: the BFF composed as startTestStack's 'app' kind, listening, before its own
 * sandbox, in a process of its own (test/support/entries/slotStack.ts) that ends when the run does (the IPC channel
 * closes).
 */
export async function spawnSlotStack(): Promise<SlotStack> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/entries/slotStack.ts'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const urls = await new Promise<SlotStackUrls>((resolve, reject) => {
    child.once('message', (message) => resolve(message as SlotStackUrls));
    child.once('exit', (code) => reject(new Error(`the slot's stack exited with ${code}`)));
  });
  return {
    urls,
    stop: async () => {
      if (child.connected) child.disconnect();
    },
  };
}

/**
 * For a read-only integration file: this worker slot's shared stack. `bff.app` and `sandbox.url` are URLs:
 * `request(shared.bff.app)` with supertest, `fetch(shared.sandbox.url + ...)`.
 */
export function sharedStackForThisFile() {
  let urls: SlotStackUrls | undefined;
  beforeAll(() => {
    urls = slotStackUrls('integration');
    if (!urls)
      throw new Error('no shared stack for this worker: run integration files through jest (npm run test:integration)');
  });
  const started = () => {
    if (!urls) throw new Error('the shared stack read before beforeAll ran');
    return urls;
  };
  return {
    get sandbox() {
      return { url: started().sandbox };
    },
    get bff() {
      return { app: started().bff };
    },
  };
}
