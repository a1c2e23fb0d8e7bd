/**
 * `npm run api:collection`: what QA's tools make of GET /api/openapi.json, run for real. Starts the BFF
 * and its sandbox (as `npm start`, production mode, on free ports), fetches the document,
 * generates a Postman collection with portman (contract tests on every operation, flows from
 * scripts/apiCollectionConfig.ts), runs it with newman and reports; exits 1 on any failed request or test.
 *
 *   npm run api:collection                                   # its own BFF and sandbox
 *   npm run api:collection -- --url http://localhost:3000    # a BFF already running (`npm start`)
 *
 * The collection is kept in dist/postman/ for import into Postman.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { request } from 'undici';
import { portmanConfig } from './apiCollectionConfig.js';
import { ensureClientBuild } from './stack/samplePages.js';
import { startStack } from './stack/startStack.js';

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

/** The BFF as `npm start` runs it (production mode, the sandbox beside it), on a free port. */
async function startOwnStack() {
  ensureClientBuild();
  // Without Redis: limits count in this process alone, so a run never meets the code-send limits of an earlier one.
  const stack = await startStack({
    bff: 'process',
    env: { NODE_ENV: 'production', SANDBOX: 'true', LOG_LEVEL: 'info', REDIS_URL: undefined },
  });
  await stack.bff.listening(STARTUP_DEADLINE_MS).catch(async (err: unknown) => {
    await stack.stop();
    throw err;
  });
  return stack;
}

async function main(): Promise<number> {
  const given = process.argv.indexOf('--url');
  const stack = given === -1 ? await startOwnStack() : undefined;
  const origin = stack?.bff.url ?? process.argv[given + 1]!;
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
    await stack?.stop();
  }
}

process.exitCode = await main();
