/**
 * `npm run api:collection`: what QA's tools make of GET /api/openapi.json, run for real. Starts the BFF
 * with the embedded sandbox (as `npm start`, production mode, on free ports), fetches the document,
 * generates a Postman collection with portman (contract tests on every operation, flows from
 * scripts/apiCollectionConfig.ts), runs it with newman and reports; exits 1 on any failed request or test.
 *
 *   npm run api:collection                                   # its own BFF and sandbox
 *   npm run api:collection -- --url http://localhost:3000    # a BFF already running (`npm start`)
 *
 * The collection is kept in dist/postman/ for import into Postman.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { request } from 'undici';
import { CLIENT_BUILD_DIR } from '../client/entryPath.js';
import { ALLOCATOR_ENV } from '../server/allocatorSettings.js';
import { portmanConfig } from './apiCollectionConfig.js';

const OUT = 'dist/postman';
/** tsx starting the server on a loaded machine can take a minute. */
const STARTUP_DEADLINE_MS = 120_000;

interface NewmanSummary {
  run: {
    stats: Record<'requests' | 'assertions' | 'testScripts', { total: number; failed: number }>;
    failures: Array<{ error: { message: string; test?: string }; source?: { name?: string } }>;
  };
}
type NewmanRun = (
  options: Record<string, unknown>,
  done: (err: Error | null, summary: NewmanSummary) => void,
) => unknown;
const newman = createRequire(import.meta.url)('newman') as { run: NewmanRun };

/** The BFF as `npm start` runs it, on free ports; resolves with its origin once it logs 'listening'. */
async function startBff(): Promise<{ origin: string; child: ChildProcess }> {
  if (!existsSync(`${CLIENT_BUILD_DIR}/.vite/manifest.json`)) {
    console.log('api:collection: building the client first (npm run build:client)');
    if (spawnSync('npm', ['run', 'build:client'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  // Without Redis: limits count in this process alone, so a run never meets the code-send limits of an earlier one.
  const { REDIS_URL: _shared, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      ...ALLOCATOR_ENV,
      NODE_ENV: 'production',
      SANDBOX: 'true',
      HOST: '127.0.0.1',
      PORT: '0',
      SANDBOX_PORT: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const gaveUp = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the BFF did not listen within ${STARTUP_DEADLINE_MS / 1000} s:\n${output}`));
    }, STARTUP_DEADLINE_MS);
    child.on('exit', (code) => reject(new Error(`the BFF exited (${String(code)}) before listening:\n${output}`)));
    const readLog = (chunk: Buffer) => {
      output += chunk.toString();
      // Whole lines only: a chunk can end inside one.
      const listening = output
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; port?: number })
        .find((line) => line.msg === 'listening');
      if (!listening) return;
      clearTimeout(gaveUp);
      // Its request lines from now on are not wanted, but the pipe must still be read or the server would block on it.
      child.stdout!.off('data', readLog).on('data', () => undefined);
      resolve({ origin: `http://127.0.0.1:${String(listening.port)}`, child });
    };
    child.stdout!.on('data', readLog);
  });
}

async function main(): Promise<number> {
  const given = process.argv.indexOf('--url');
  const started = given === -1 ? await startBff() : undefined;
  const origin = started?.origin ?? process.argv[given + 1]!;
  try {
    const res = await request(`${origin}/api/openapi.json`, { headers: { host: 'se.localhost' } });
    if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
    const document = (await res.body.json()) as Parameters<typeof portmanConfig>[0];
    await mkdir(OUT, { recursive: true });
    await writeFile(`${OUT}/openapi.json`, JSON.stringify(document, null, 2));
    await writeFile(`${OUT}/portman-config.json`, JSON.stringify(portmanConfig(document), null, 2));
    // In OUT: portman keeps its working files under its working directory.
    const portman = spawnSync(
      process.execPath,
      [
        resolve('node_modules/@apideck/portman/bin/portman'),
        ...['--local', 'openapi.json', '--portmanConfigFile', 'portman-config.json'],
        ...['--output', 'bff.postman_collection.json', '--includeTests', 'true'],
      ],
      { encoding: 'utf8', cwd: OUT },
    );
    if (portman.status !== 0) throw new Error(`portman failed:\n${portman.stdout}${portman.stderr}`);
    const collection = JSON.parse(await readFile(`${OUT}/bff.postman_collection.json`, 'utf8')) as object;
    const summary = await new Promise<NewmanSummary>((resolve, reject) =>
      newman.run(
        {
          collection,
          // The servers' port variable: the BFF's own (every market host resolves to this machine).
          envVar: [{ key: 'port', value: new URL(origin).port }],
          reporters: ['cli'],
          timeoutRequest: 30_000,
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
    const { requests, assertions } = summary.run.stats;
    const failed = requests.failed + assertions.failed + summary.run.failures.length;
    console.log(
      `api:collection: ${requests.total} requests (${requests.failed} failed), ${assertions.total} contract tests ` +
        `(${assertions.failed} failed); collection in ${OUT}/bff.postman_collection.json`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    started?.child.kill('SIGTERM');
  }
}

process.exitCode = await main();
