import { spawn } from 'node:child_process';

/**
 * The real entry point (`server/main.ts` through tsx) as its own process on free ports, so a test
 * can see it crash or exit. `url` and `sandboxUrl` are read from its first log lines.
 */
export function spawnBff(env: Record<string, string> = {}, entry = 'server/main.ts') {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', SANDBOX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const logLines = () =>
    stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  /** Resolves once the process logs 'listening', with its own and its sandbox's URLs. */
  const listening = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = logLines().find((l) => l.msg === 'listening');
      if (line) {
        const sandbox = logLines().find((l) => typeof l.url === 'string' && /sandbox/.test(String(l.msg)));
        return { url: `http://127.0.0.1:${String(line.port)}`, sandboxUrl: sandbox ? String(sandbox.url) : undefined };
      }
      if (exitCode !== undefined || Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    child,
    exited,
    listening,
    logLines,
    alive: () => exitCode === undefined,
    output: () => ({ stdout, stderr }),
    stop: async () => {
      if (exitCode === undefined) child.kill('SIGTERM');
      await exited;
    },
  };
}
