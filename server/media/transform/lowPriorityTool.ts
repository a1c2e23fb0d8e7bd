import { spawn } from 'node:child_process';

/** A picture tool's process failed, ran out of its deadline (killed), or was killed (by the kernel's OOM killer, say). */
export class ToolFailed extends Error {
  constructor(
    readonly reason: 'failed' | 'deadline' | 'killed',
    message: string,
  ) {
    super(message);
    this.name = 'ToolFailed';
  }
}

/**
 * Address space a picture tool maps beyond the memory it is admitted for: its libraries' code (libavif's tools link
 * every AV1 codec Debian has) and reservations it never touches. Measured as the smallest `prlimit --as` each job
 * runs under, against its peak RSS: avifdec 22–26 MB more, heif-convert 32–40 MB, avifenc 18–20 MB (docs/pictures.md).
 */
export const TOOL_ADDRESS_SPACE_BYTES = 48 * 1024 * 1024;
/** Below the BFF's own priority: a shopper's page is never slowed by work nobody waits for in the page. */
const NICENESS = 10;
/**
 * The CPU time a picture tool may use (`prlimit --cpu`; past it the kernel ends it with SIGXCPU): a 12 MP decode takes
 * 1–6 s of CPU and a background AVIF up to 15, so only a tool that spins reaches it. Its wall-clock deadline is far
 * longer: at nice 10 on a busy machine a tool gets a sliver of a core (runs of bench:images at load 18–22 had heif-convert past
 * 30 s of wall clock for 1.4 s of work), and waiting for a core is not a bad picture.
 */
const CPU_SECONDS = 30;

/**
 * Runs a Debian picture tool (a heavy original's decoder, the background AVIF encoder) in a process of its own:
 * `prlimit --as` gives it a hard limit from the kernel (the memory the decode gate admitted it for, plus its code's
 * address space: past it an allocation fails and the tool exits with an error, never growing into the BFF's
 * memory), `nice` a lower priority than the BFF's (the kernel gives the event loop the cores first), and `choom`
 * makes it the kernel's first choice when the container runs out of memory. Ended after `cpuSeconds` of CPU
 * (CPU_SECONDS unless a test asks for less), or killed at `deadlineMs` of wall clock.
 */
export function runLowPriority(
  tool: string,
  args: string[],
  limits: { addressSpaceBytes: number; deadlineMs: number; cpuSeconds?: number },
): Promise<void> {
  const child = spawn(
    'prlimit',
    [
      `--as=${Math.ceil(limits.addressSpaceBytes)}`,
      // A soft limit below the hard one: the kernel sends SIGXCPU at it (SIGKILL, the OOM killer's mark, only at the hard one).
      `--cpu=${limits.cpuSeconds ?? CPU_SECONDS}:${(limits.cpuSeconds ?? CPU_SECONDS) + 5}`,
      '--',
      'choom',
      '-n',
      '1000',
      '--',
      'nice',
      '-n',
      String(NICENESS),
      '--',
      tool,
      ...args,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-1000)));
  return new Promise<void>((resolve, reject) => {
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.deadlineMs);
    child.once('error', (err) => {
      clearTimeout(deadline);
      reject(new ToolFailed('failed', `${tool} could not be started: ${err.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(deadline);
      if (code === 0) return resolve();
      if (timedOut) return reject(new ToolFailed('deadline', `${tool} took longer than ${limits.deadlineMs} ms`));
      const why = `${tool} ended (${signal ?? code})${stderr ? `: ${stderr.trim()}` : ''}`;
      // SIGKILL is the kernel's OOM killer, SIGXCPU the CPU limit; a tool that aborts (an allocation refused under its limit) failed.
      const reason = signal === 'SIGKILL' ? 'killed' : signal === 'SIGXCPU' ? 'deadline' : 'failed';
      reject(new ToolFailed(reason, why));
    });
  });
}
