import { runLowPriority, ToolFailed } from '../../../server/media/transform/lowPriorityTool.js';

/**
 * The limits a picture tool runs under come from the kernel, not from a timer of ours: a tool that spins is ended by
 * its CPU time (SIGXCPU) however long a busy machine makes it wait for a core, and the wall-clock deadline is only
 * the last bound. Real processes (prlimit, choom, nice, sh); what is asserted is how each one ended.
 */
describe('a picture tool', () => {
  it('that spins is ended by its CPU time limit, named a deadline, long before its wall-clock deadline', async () => {
    const spinning = runLowPriority('sh', ['-c', 'while :; do :; done'], {
      addressSpaceBytes: 64 * 1024 * 1024,
      cpuSeconds: 1,
      deadlineMs: 10 * 60 * 1000,
    });
    const err = await spinning.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ToolFailed);
    expect([(err as ToolFailed).reason, (err as ToolFailed).message]).toEqual(['deadline', 'sh ended (SIGXCPU)']);
  });

  it('that a signal kills (the OOM killer) is told apart from one that fails under its limits', async () => {
    const killed = await runLowPriority('sh', ['-c', 'kill -KILL $$'], {
      addressSpaceBytes: 64 * 1024 * 1024,
      deadlineMs: 60_000,
    }).catch((e: unknown) => e);
    expect((killed as ToolFailed).reason).toBe('killed');
    const failed = await runLowPriority('sh', ['-c', 'echo no room >&2; exit 1'], {
      addressSpaceBytes: 64 * 1024 * 1024,
      deadlineMs: 60_000,
    }).catch((e: unknown) => e);
    expect([(failed as ToolFailed).reason, (failed as ToolFailed).message]).toEqual([
      'failed',
      'sh ended (1): no room',
    ]);
  });
});
