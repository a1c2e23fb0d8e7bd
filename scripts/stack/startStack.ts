// The one way to start the product for a test, a bench, a soak or the audit: a Redis when asked, the sandbox for
// its upstreams, and the BFF of the kind the caller needs. test/ and scripts/ import it; it imports nothing from
// test/. The server and the sandbox are loaded only when a kind needs them in this process, so that a bench may
// choose React's mode first and a soak's driver carries neither.
import { spawn, type ChildProcess } from 'node:child_process';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/app.js';
import type { RunningBff } from '../../server/start.js';
import { UPSTREAM_SERVICES } from '../../server/config/upstreams.js';
import type { ComposedBff, TestClock } from './composedBff.js';
import { freePort } from './freePort.js';
import { spawnRedis, type SpawnedRedis } from './redisServers.js';
import { spawnBff, type SpawnedBff, type SpawnOptions } from './spawnedBff.js';
import { waitUntil } from './waitUntil.js';

/**
 * The kinds of BFF, as they genuinely differ:
 * - 'app': composed in this process without a listener; supertest drives `app`, its log is captured, its caches
 *   may run on a clock the caller moves (scripts/stack/composedBff.ts);
 * - 'server': started in this process as `npm start` runs it, listening on a free port (browsers, nginx, benches);
 * - 'process': the entry in a process of its own, to see it exit or crash and measure it alone (spawnedBff.ts);
 * - 'none': no BFF yet; start replicas of your own with `stack.env` (a rolling restart).
 */
export type BffKind = 'app' | 'server' | 'process' | 'none';
/**
 * 'here' (default): in this process, with its faults and counts (`sandbox.ctx`); 'process': its own, so the CPU and
 * RSS measured are the BFF's alone; 'none': every upstream a closed port (calls fail at once) unless `env` names it;
 * a running sandbox (another stack's, or one given by its URL): joined, and left running when this stack stops (two
 * replicas before one upstream).
 */
export type SandboxKind = 'here' | 'process' | 'none' | RunningSandboxRef;
/** A sandbox already running, by its URL (a SandboxHere or SandboxProcess is one). */
export interface RunningSandboxRef {
  url: string;
}

export interface StackOptions<B extends BffKind, S extends SandboxKind> {
  bff: B;
  sandbox?: S;
  /**
   * 'own': a `redis-server` of the stack's own, stopped with it; a URL: that Redis; unset: none (or `env.REDIS_URL`).
   * An 'app' BFF is given once it is connected to it.
   */
  redis?: 'own' | string;
  /** The BFF's own settings, over the stack's (upstream URLs, REDIS_URL); nothing else is added. */
  env?: Record<string, string | undefined>;
  /** The sandbox's seed, faults and streams' pace. */
  sandboxOptions?: SandboxOptions & { env?: Record<string, string> };
  /** For 'app': the caches' clock. */
  clock?: TestClock;
  /** For 'process': the entry and how it is run. */
  spawn?: SpawnOptions;
}

/** The sandbox in this process, with a count of what really reached each upstream. */
export type SandboxHere = RunningSandbox & { upstreamCalls(service: string): number };
/** The sandbox in a process of its own. */
export interface SandboxProcess {
  url: string;
  process: ChildProcess;
  close(): Promise<void>;
}
export type ServerBff = RunningBff & { exits: number[] };

type SandboxOf<S extends SandboxKind> = S extends RunningSandboxRef
  ? S
  : S extends 'process'
    ? SandboxProcess
    : S extends 'none'
      ? undefined
      : SandboxHere;
type BffOf<B extends BffKind> = B extends 'app'
  ? ComposedBff
  : B extends 'server'
    ? ServerBff
    : B extends 'process'
      ? SpawnedBff
      : undefined;

export interface Stack<B extends BffKind, S extends SandboxKind> {
  /** The stack's own Redis ('own'); undefined for a Redis given by URL, or none. */
  redis: SpawnedRedis | undefined;
  sandbox: SandboxOf<S>;
  /** The BFF's settings that make it this stack's (upstream URLs, REDIS_URL): another replica is started with them. */
  env: Record<string, string>;
  bff: BffOf<B>;
  /** Stops the BFF, then the sandbox and the Redis. */
  stop(): Promise<void>;
}

/** Every UPSTREAM_<SERVICE>_URL naming the sandbox at `url`. */
export const upstreamEnvOf = (url: string): Record<string, string> =>
  Object.fromEntries(UPSTREAM_SERVICES.map((s) => [`UPSTREAM_${s.toUpperCase()}_URL`, `${url}/${s}`]));

export async function startStack<B extends BffKind, S extends SandboxKind = 'here'>(
  options: StackOptions<B, S>,
): Promise<Stack<B, S>> {
  const redis = options.redis === 'own' ? await spawnRedis() : undefined;
  const kind: SandboxKind = options.sandbox ?? 'here';
  const joined = typeof kind === 'object' ? kind : undefined;
  const ownSandbox =
    typeof kind === 'object'
      ? undefined
      : await startSandboxOf(kind, options.sandboxOptions).catch(async (err) => {
          await redis?.stop();
          throw err;
        });
  const sandbox = joined ?? ownSandbox;
  const redisUrl = redis?.url ?? options.redis;
  const env = { ...upstreamEnvOf(sandbox?.url ?? 'http://127.0.0.1:9'), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
  const bffEnv = { ...env, ...options.env };
  let bff: ComposedBff | ServerBff | SpawnedBff | undefined;
  try {
    bff = await startBffOf(options, bffEnv);
  } catch (err) {
    await ownSandbox?.close();
    await redis?.stop();
    throw err;
  }
  return {
    redis,
    sandbox: sandbox as SandboxOf<S>,
    env,
    bff: bff as BffOf<B>,
    stop: async () => {
      if (bff && 'shutdown' in bff) await bff.shutdown('stack stopped');
      else if (bff && 'close' in bff) await bff.close();
      else if (bff) await bff.stop();
      await ownSandbox?.close();
      await redis?.stop();
    },
  };
}

async function startSandboxOf(
  kind: 'here' | 'process' | 'none',
  options: StackOptions<BffKind, SandboxKind>['sandboxOptions'] = {},
): Promise<SandboxHere | SandboxProcess | undefined> {
  if (kind === 'none') return undefined;
  const { env = {}, ...sandboxOptions } = options;
  if (kind === 'process') return spawnSandbox(env);
  return startSandboxHere(sandboxOptions);
}

/** The sandbox in this process on a free port, its seeded data made, and a count of what reached each upstream. */
export async function startSandboxHere(
  sandboxOptions: Omit<NonNullable<StackOptions<BffKind, SandboxKind>['sandboxOptions']>, 'env'> = {},
): Promise<SandboxHere> {
  const { startSandbox } = await import('../../sandbox/app.js');
  const sandbox = await startSandbox(0, '127.0.0.1', sandboxOptions);
  // Its seeded data made before the first test, so that a tight upstream deadline measures the BFF, not the making.
  await fetch(`${sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index: 'cars-se', limit: 0 }),
  });
  sandbox.ctx.stats.reset();
  return { ...sandbox, upstreamCalls: (service) => sandbox.ctx.stats.requests[service] ?? 0 };
}

/** `npm run sandbox` on a free port, answering once it listens. */
async function spawnSandbox(env: Record<string, string>): Promise<SandboxProcess> {
  const url = `http://127.0.0.1:${await freePort()}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    env: { ...process.env, ...env, SANDBOX_PORT: new URL(url).port },
    stdio: 'ignore',
  });
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const answers = () =>
    fetch(`${url}/__sandbox/stats`)
      .then(async (r) => (await r.arrayBuffer(), r.ok))
      .catch(() => false);
  await waitUntil(async () => child.exitCode !== null || (await answers()), 'the sandbox listening', {
    timeoutMs: 60_000,
  });
  if (child.exitCode !== null) throw new Error(`the sandbox exited with ${child.exitCode}`);
  return { url, process: child, close };
}

async function startBffOf(
  options: StackOptions<BffKind, SandboxKind>,
  env: Record<string, string | undefined>,
): Promise<ComposedBff | ServerBff | SpawnedBff | undefined> {
  if (options.bff === 'none') return undefined;
  if (options.bff === 'process') return spawnBff(env, options.spawn);
  const defined = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  if (options.bff === 'app') {
    const { composeBff } = await import('./composedBff.js');
    const bff = composeBff(defined, options.clock ? { clock: options.clock } : {});
    // Ready at once, as a replica is once /readyz says so: the stack's own Redis connected before the first request
    // (one that came first went without it, a miss where a test expects another replica's render).
    if (options.redis) await waitUntil(() => bff.redis.available() !== undefined, 'Redis connected');
    return bff;
  }
  // React's mode is read once, when it loads: production's unless this process chose (jest's scripts do).
  process.env.NODE_ENV ??= 'production';
  const { loadConfig } = await import('../../server/config.js');
  const { createLogger } = await import('../../server/logger.js');
  const { builtClientAssets } = await import('../../server/render/assets.js');
  const { startBff } = await import('../../server/start.js');
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', ...defined });
  const exits: number[] = [];
  const bff = await startBff({
    config,
    logger: createLogger(config),
    ...builtClientAssets(),
    exit: (code) => exits.push(code),
  });
  return { ...bff, exits };
}
