import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll } from '@jest/globals';

interface SharedUrls {
  bff: string;
  sandbox: string;
}

/**
 * One BFF and sandbox shared by the read-only integration files of this jest worker, started on first use
 * in a process of its own (test/support/entries/sharedBff.ts) and ended with the worker. Files that change
 * state (faults, limits, Redis, config, the log) keep their own (sandboxedBffForThisFile). `bff.app` and
 * `sandbox.url` are URLs: `request(shared.bff.app)` with supertest, `fetch(shared.sandbox.url + ...)`.
 */
export function sharedBffForThisFile() {
  let urls: SharedUrls | undefined;
  beforeAll(async () => {
    urls = await sharedBffOfThisWorker();
  }, 120_000);
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

/** Where this worker notes its shared BFF's URLs: a file, since each test file has module state of its own. */
const noteOf = () => join(tmpdir(), `shared-bff-${process.pid}.json`);

async function sharedBffOfThisWorker(): Promise<SharedUrls> {
  const note = noteOf();
  if (existsSync(note)) {
    const noted = JSON.parse(readFileSync(note, 'utf8')) as SharedUrls;
    if (await answers(noted.bff)) return noted;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/entries/sharedBff.ts'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const urls = await new Promise<SharedUrls>((resolve, reject) => {
    child.once('message', (message) => resolve(message as SharedUrls));
    child.once('exit', (code) => reject(new Error(`the shared BFF exited with ${code}`)));
  });
  // Neither the process nor its channel keeps the worker alive; the channel closing with the worker ends it.
  child.unref();
  child.channel?.unref();
  writeFileSync(note, JSON.stringify(urls));
  return urls;
}

async function answers(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}
