import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { startTestStack } from '../support/testStack.js';
import { ALLOCATOR_ENV } from '../../server/allocatorSettings.js';

jest.setTimeout(180_000);

/** The environment a process was started with, as glibc read it (Linux's /proc). */
const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
const allocatorWarning = (lines: Record<string, unknown>[]) => lines.find((l) => /allocator/.test(String(l.msg)));

describe('starting the BFF', () => {
  it.each([
    ['IMAGE_URL_TEMPLATE', 'https://cdn.example;script-src/{width}/{src}'],
    ['IMAGE_URL_TEMPLATE', 'https://cdn.example,x/{width}/{path}'],
    ['MAP_TILE_URL', 'https://tiles.example;x/{z}/{x}/{y}.png'],
  ])('refuses %s=%s with one line saying why, never a stack trace', async (name, value) => {
    const { bff, stop } = await startTestStack({ bff: 'process', sandbox: 'none', env: { [name]: value } });
    expect(await bff.exited).toBe(1);
    await stop();
    const lines = bff.output().stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Invalid environment variable ${name}=.*: expected .* is not a host name$`)),
    ]);
    expect(bff.output().stdout).not.toMatch(/listening/);
  });

  it("runs with the image's allocator settings as the tests start it, and says so when a start leaves them out", async () => {
    const stacks = await Promise.all([
      startTestStack({ bff: 'process' }),
      startTestStack({ bff: 'process', env: { MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined } }),
    ]);
    const [configured, bare] = [stacks[0].bff, stacks[1].bff];
    // Both are known with the first log lines, before the server starts; once it listens, every line before
    // has arrived (the warning comes in a chunk of output of its own, after the budget's line).
    const budgetLine = (bff: typeof bare) => bff.logLines().find((l) => l.msg === 'memory budget');
    try {
      await Promise.all([configured.listening(150_000), bare.listening(150_000)]);
      const environ = environOf(configured.child.pid!);
      for (const [name, value] of Object.entries(ALLOCATOR_ENV)) expect(environ).toContain(`${name}=${value}`);
      expect(budgetLine(configured)).toMatchObject({ allocatorSettingsMissing: [] });
      expect(allocatorWarning(configured.logLines())).toBeUndefined();
      const missing = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'];
      expect(budgetLine(bare)).toMatchObject({ allocatorSettingsMissing: missing });
      expect(allocatorWarning(bare.logLines())).toMatchObject({ level: 40, missing });
    } finally {
      await Promise.all(stacks.map((stack) => stack.stop()));
    }
  });
});
