// The BFF in a process of its own (startStack's 'process' kind): a test sees it crash or exit, a bench or soak
// measures its RSS, CPU and event-loop lag alone, a soak stops and starts it again on its port.
import { execFileSync, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { request } from 'undici';
import { ALLOCATOR_ENV } from '../../server/allocatorSettings.js';
import { freePort } from './freePort.js';
import { waitUntil } from './waitUntil.js';

export interface SpawnOptions {
  /** `server/main.ts` (through tsx) unless given; an entry that is JavaScript already (compiled, bundled) runs as it is. */
  entry?: string;
  /** Node's own arguments before the entry (`--max-old-space-size=…`). */
  nodeArgs?: readonly string[];
  /** A command the node command line is appended to (a cgroup's `sh -c 'echo $$ > …; exec "$@"'`). */
  launcher?: readonly string[];
  /** Where its stdout and stderr go: kept here (default; `logLines()`, `output()`), this process's own, or a file. */
  output?: 'keep' | 'inherit' | { file: string };
}

export type SpawnedBff = Awaited<ReturnType<typeof spawnBff>>;

/**
 * The entry with the image's allocator settings (glibc reads them at start: server/allocatorSettings.ts) and
 * this process's environment under `env`, on 127.0.0.1 and a port picked now unless `env.PORT` names one. A
 * variable given as undefined is left out of its environment (Node's spawn drops it), which an empty string is not:
 * glibc reads MALLOC_MMAP_THRESHOLD_='' as 0 and then maps every allocation by itself (a start took 130 s of mostly
 * system time).
 */
export async function spawnBff(env: Record<string, string | undefined>, options: SpawnOptions = {}) {
  const { entry = 'server/main.ts', nodeArgs = [], launcher = [], output = 'keep' } = options;
  const port = env.PORT === undefined || env.PORT === '0' ? String(await freePort()) : env.PORT;
  const url = `http://127.0.0.1:${port}`;
  const command = [
    ...launcher,
    process.execPath,
    ...nodeArgs,
    ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []),
    entry,
  ];
  const file = typeof output === 'object' ? openSync(output.file, 'a') : undefined;
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, ...ALLOCATOR_ENV, HOST: '127.0.0.1', ...env, PORT: port },
    stdio: [
      'ignore',
      file ?? (output === 'inherit' ? 'inherit' : 'pipe'),
      file ?? (output === 'inherit' ? 'inherit' : 'pipe'),
    ],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
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
  const answers = (path: string) =>
    request(url + path)
      .then(async (r) => (await r.body.dump(), r.statusCode === 200))
      .catch(() => false);
  /**
   * Resolves with its URL once it listens: with its output kept, at its 'listening' log line (LOG_LEVEL info or
   * lower), so every line before has arrived too; else once it answers /healthz.
   */
  const listening = async (timeoutMs = 60_000) => {
    const listens = () => (output === 'keep' ? logLines().some((l) => l.msg === 'listening') : answers('/healthz'));
    await waitUntil(async () => exitCode !== undefined || (await listens()), 'the BFF listening', { timeoutMs });
    if (exitCode !== undefined) throw new Error(`the BFF exited with ${exitCode} while starting: ${stderr}`);
    return url;
  };
  /** Resolves once /readyz answers 200: listening, and Redis (when configured) connected. */
  const ready = async (timeoutMs = 60_000) => {
    await waitUntil(async () => exitCode !== undefined || (await answers('/readyz')), 'the BFF ready', { timeoutMs });
    if (exitCode !== undefined) throw new Error(`the BFF exited with ${exitCode} while starting: ${stderr}`);
  };
  return {
    url,
    child,
    exited,
    listening,
    ready,
    logLines,
    alive: () => exitCode === undefined,
    output: () => ({ stdout, stderr }),
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (exitCode === undefined) child.kill(signal);
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
