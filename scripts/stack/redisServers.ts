// The one file that starts `redis-server`: a Redis of a test's, bench's or soak's own, or a Redis Cluster of six.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { freePort } from './freePort.js';
import { waitUntil } from './waitUntil.js';

/**
 * One `redis-server` of a test's, bench's or soak's own, in a directory of its own: `stop()` kills it and removes the
 * directory, `start()` starts it again on its port, empty (a Redis that went away and came back).
 */
export interface SpawnedRedis {
  port: number;
  url: string;
  /** The running server (a new one after each `start()`): SIGSTOP stalls it, SIGKILL takes it away. */
  readonly process: ChildProcess;
  readonly dir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Whether a Redis answers PING on the port. */
async function answers(port: number): Promise<boolean> {
  const probe = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (probe.isOpen) probe.destroy();
  }
}

/**
 * A `redis-server` on a free port (or `port`), nothing saved, with the extra arguments (`--maxmemory 1mb`,
 * `--replicaof`, `--cluster-enabled yes`...), answering PING when this resolves.
 */
export async function spawnRedis(extra: readonly string[] = [], port?: number): Promise<SpawnedRedis> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  let dir = '';
  const stop = async () => {
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGCONT');
      running.kill('SIGKILL');
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  const start = async () => {
    dir = await mkdtemp(join(tmpdir(), `redis-${chosen}-`));
    child = spawn(
      'redis-server',
      ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extra],
      { stdio: 'ignore' },
    );
    try {
      await waitUntil(() => answers(chosen), `redis-server on ${chosen}`, { everyMs: 50 });
    } catch (err) {
      await stop();
      throw err;
    }
  };
  await start();
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    get process() {
      return child!;
    },
    get dir() {
      return dir;
    },
    stop,
    start,
  };
}

/** A port free for a cluster node: its own and its bus port (port + 10000), both free now. */
async function freeClusterPort(taken: ReadonlySet<number>): Promise<number> {
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (!taken.has(port) && (await isFree(port)) && (await isFree(port + 10_000))) return port;
  }
}

/** The ports of a cluster's six nodes: TEST_REDIS_CLUSTER_PORTS (`7100-7105`) when set, else free ones. */
async function clusterPorts(): Promise<number[]> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_REDIS_CLUSTER_PORTS ?? '');
  if (range) {
    const first = Number(range[1]);
    return Array.from({ length: 6 }, (_, i) => first + i);
  }
  const ports = new Set<number>();
  while (ports.size < 6) ports.add(await freeClusterPort(ports));
  return [...ports];
}

export interface SpawnedCluster {
  nodes: SpawnedRedis[];
  /** The URL of one node, as an operator gives REDIS_URL. */
  url: string;
  /** The nodes alive that are masters now (each serves slots: none was added empty). */
  masters(): Promise<SpawnedRedis[]>;
  stop(): Promise<void>;
}

/** The `redis-cli` tool's answer, its exit code with it. */
function redisCli(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('redis-cli', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** CLUSTER INFO of one node, as fields. */
async function clusterInfo(node: SpawnedRedis): Promise<Record<string, string>> {
  const { output } = await redisCli(['-p', String(node.port), 'cluster', 'info']);
  return Object.fromEntries(output.split(/\r?\n/).map((line) => line.split(':') as [string, string]));
}

/**
 * A real Redis Cluster: six `redis-server --cluster-enabled yes` (three masters, a replica each) joined by
 * `redis-cli --cluster create`, answering once every node says `cluster_state:ok`. A node timeout of 1 s, so a
 * killed master's replica takes over in seconds. `stop()` kills every node and removes their directories.
 */
export async function spawnRedisCluster(): Promise<SpawnedCluster> {
  const ports = await clusterPorts();
  const nodes: SpawnedRedis[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  };
  try {
    for (const started of await Promise.all(
      ports.map((port) =>
        spawnRedis(
          [
            '--cluster-enabled',
            'yes',
            '--cluster-node-timeout',
            '1000',
            // A replica takes over however long ago it last heard its master (one started moments ago included).
            '--cluster-replica-validity-factor',
            '0',
            '--cluster-config-file',
            `nodes-${port}.conf`,
          ],
          port,
        ),
      ),
    ))
      nodes.push(started);
    const created = await redisCli([
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '1',
      '--cluster-yes',
    ]);
    if (created.code !== 0) throw new Error(`redis-cli --cluster create failed: ${created.output}`);
    await waitUntil(
      async () =>
        (await Promise.all(nodes.map(clusterInfo))).every(
          (info) => info.cluster_state === 'ok' && info.cluster_known_nodes === '6',
        ),
      'cluster state ok on every node',
      { everyMs: 100, timeoutMs: 60_000 },
    );
    // Every replica in sync with its master: one that never was would lose what a killed master held.
    await waitUntil(
      async () =>
        (
          await Promise.all(
            nodes.map(async (node) => (await redisCli(['-p', String(node.port), 'info', 'replication'])).output),
          )
        ).every((info) => info.includes('role:master') || info.includes('master_link_status:up')),
      'replicas in sync',
      { everyMs: 100, timeoutMs: 60_000 },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    nodes,
    url: nodes[0]!.url,
    async masters() {
      const alive = nodes.filter((node) => node.process.exitCode === null && node.process.signalCode === null);
      const roles = await Promise.all(
        alive.map(async (node) => (await redisCli(['-p', String(node.port), 'role'])).output.startsWith('master')),
      );
      return alive.filter((_, i) => roles[i]);
    },
    stop,
  };
}
