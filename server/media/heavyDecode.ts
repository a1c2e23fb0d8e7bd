import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DecodeAnswer, DecodeJob, HeavyDecoder } from './decodeProcess.js';

/** The decode process failed, ran out of its deadline (killed), or was killed (by the kernel's OOM killer, say). */
export class DecoderFailed extends Error {
  constructor(
    readonly reason: 'failed' | 'deadline' | 'killed',
    message: string,
  ) {
    super(message);
    this.name = 'DecoderFailed';
  }
}

export interface Intermediate {
  body: Buffer;
  width: number;
  height: number;
  /** The decode process' highest RSS (VmHWM), for the log and the docs' figures. */
  peakRssBytes: number;
}

/**
 * Decodes one heavy original in a process of its own (server/media/decodeProcess.ts), which ends after it:
 * WebAssembly memory never shrinks and libvips' never goes back to the system whole, so nothing of the
 * decode outlives it. Its death (a crash, the OOM killer, this deadline) costs this one picture. From
 * sources (tsx, jest) it runs the .ts file through tsx, from the build the .js beside this one.
 */
export function decodeInProcess(
  bytes: Buffer,
  job: { decoder: HeavyDecoder; maxWidth: number; quality: number },
  deadlineMs: number,
): Promise<Intermediate> {
  const self = import.meta.url;
  const fromSources = self.endsWith('.ts');
  const child = fork(fileURLToPath(new URL(`./decodeProcess.${fromSources ? 'ts' : 'js'}`, self)), [], {
    // A small heap (the pixels live outside it) and gc() to let the decoder's memory go before encoding.
    execArgv: [...(fromSources ? ['--import', 'tsx'] : []), '--max-old-space-size=48', '--expose-gc'],
    env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-1000)));
  return new Promise<Intermediate>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(new DecoderFailed('deadline', `the decode took longer than ${deadlineMs} ms`)));
    }, deadlineMs);
    child.once('message', (answer: DecodeAnswer) =>
      settle(() =>
        answer.ok
          ? resolve({
              body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength),
              width: answer.width,
              height: answer.height,
              peakRssBytes: answer.peakRssBytes,
            })
          : reject(new DecoderFailed('failed', answer.error)),
      ),
    );
    child.once('error', (err) => settle(() => reject(new DecoderFailed('failed', err.message))));
    child.once('exit', (code, signal) =>
      settle(() =>
        reject(
          new DecoderFailed(
            signal ? 'killed' : 'failed',
            `the decode process ended (${signal ?? code})${stderr ? `: ${stderr.trim()}` : ''}`,
          ),
        ),
      ),
    );
    child.send({ bytes, ...job } satisfies DecodeJob);
  });
}
