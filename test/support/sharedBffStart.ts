import { spawn, type ChildProcess } from 'node:child_process';

export interface SharedUrls {
  bff: string;
  sandbox: string;
}

/** Where the files of a worker slot find its shared BFF's URLs: set by the global setup, inherited by every worker. */
const envOf = (slot: number) => `INTEGRATION_SHARED_BFF_${slot}`;
/** At most this many (jest's default on a many-core machine is a worker a core); further slots share them in turn. */
const MAX_SHARED_BFFS = 4;
/** The variable naming a worker slot's shared BFF. */
export const sharedBffEnv = (slot: number) => envOf(((slot - 1) % MAX_SHARED_BFFS) + 1);

/**
 * One BFF and sandbox for each jest worker slot, for the read-only integration files that run in it, each in a
 * process of its own (test/support/entries/sharedBff.ts). Started once a run by the integration global setup
 * (test/support/integration/globalSetup.mjs), not by a worker: jest replaces a worker every few files (its heap
 * past workerIdleMemoryLimit), and a BFF a worker started ended with it, to be started again (about 10 s of CPU)
 * by the next. They end when the run does (the IPC channel closes).
 */
export async function startSharedBffs(workers: number): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: Math.max(1, Math.min(workers, MAX_SHARED_BFFS)) }, async (_, i) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/entries/sharedBff.ts'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const urls = await new Promise<SharedUrls>((resolve, reject) => {
        child.once('message', (message) => resolve(message as SharedUrls));
        child.once('exit', (code) => reject(new Error(`the shared BFF exited with ${code}`)));
      });
      process.env[envOf(i + 1)] = JSON.stringify(urls);
      return child;
    }),
  );
}
