import { execFileSync, spawn } from 'node:child_process';
import { ALLOCATOR_ENV } from '../../server/allocatorSettings.js';
import { TEST_HARNESS_ENV } from './testApp.js';

/**
 * The real entry point (`server/main.ts` through tsx) as its own process on free ports, so a test
 * can see it crash or exit. `url` and `sandboxUrl` are read from its first log lines. An entry that
 * is JavaScript already (bundledBff) runs without tsx. A variable given as undefined is left out of its
 * environment (Node's spawn drops it), which an empty string is not: glibc reads MALLOC_MMAP_THRESHOLD_=''
 * as 0 and then maps every allocation by itself (a start took 130 s of mostly system time).
 */
export function spawnBff(env: Record<string, string | undefined> = {}, entry = 'server/main.ts') {
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    env: {
      ...process.env,
      // The image's allocator settings, which glibc reads at start (server/allocatorSettings.ts).
      ...ALLOCATOR_ENV,
      ...TEST_HARNESS_ENV,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      SANDBOX_PORT: '0',
      ...env,
    },
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

/**
 * `server/main.ts` compiled to JavaScript (esbuild, under a second), for a test that measures the process's
 * memory: under tsx, its loader thread and transformed sources add about 60 MB of RSS that production never
 * has (`npm run build:server` would take a minute). Packages stay in node_modules; what the server loads
 * only on demand (the islands' lazy parts) stays in chunks of its own, never loaded, as with tsc's output.
 */
export function bundledBff(): string {
  const outdir = 'dist/test-bff';
  execFileSync('node_modules/.bin/esbuild', [
    'server/main.ts',
    '--bundle',
    '--splitting',
    '--platform=node',
    '--format=esm',
    '--packages=external',
    `--outdir=${outdir}`,
    '--log-level=error',
  ]);
  return `${outdir}/main.js`;
}
