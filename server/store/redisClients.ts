import { createClient, createCluster, type RedisClientType, type RedisClusterType } from 'redis';

/** `auto`: ask the node at connect (INFO cluster); `single` and `cluster` force it (REDIS_CLUSTER). */
export type RedisMode = 'auto' | 'single' | 'cluster';

export interface NodeAddress {
  host: string;
  port: number;
}

/** What every connection to a node is opened with: its deadlines, and the URL's credentials and TLS. */
interface ClientSettings {
  url: string;
  /** node-redis's own command timeout: a backstop for a command never written (the connection's deadlines decide). */
  backstopTimeoutMs: number;
}

const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 2_000);

/**
 * What the connection holds: one Redis's client or a cluster's, and the few things that differ between
 * them. Every command the store sends (GET, SET, DEL, UNLINK, EVAL/EVALSHA, PUBLISH, the limiter's script)
 * has one key, or keys of one hash tag, so the cluster client routes it by its key as the single client
 * sends it: both are handed out as one type (`commands`), and what is per node (SCAN, PING) goes
 * through `scan` and `ping` here.
 */
export interface RedisHandle {
  kind: 'single' | 'cluster';
  commands: RedisClientType;
  /** Connected and ready for commands. */
  ready(): boolean;
  /** Calls `listener` whenever it becomes ready: a single client after each (re)connection, a cluster once its topology is read. */
  onReady(listener: () => void): void;
  /** PING every master: one that does not answer is a miss. */
  ping(): Promise<void>;
  /** The keys matching a pattern, in batches, on every master. */
  scan(match: string): AsyncIterable<string[]>;
  /**
   * WAIT for a replica of the node holding `key` to have every write so far (a cluster's master: its replica is
   * what takes over); how many did within `timeoutMs`. One Redis: none is asked for (-1).
   */
  replicated(key: string, timeoutMs: number): Promise<number>;
  /** The node a subscriber connects to: the one Redis, or a master of the cluster. */
  subscriberNode(): NodeAddress;
  /** Every node of the cluster as it knows them now (roots for a new client after a failover); the one node otherwise. */
  nodes(): Promise<NodeAddress[]>;
  destroy(): void;
  close(): Promise<void>;
  on(event: 'error', listener: (err: Error) => void): void;
}

function nodeOptions(settings: ClientSettings) {
  const url = new URL(settings.url);
  return {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    disableOfflineQueue: true,
    commandOptions: { timeout: settings.backstopTimeoutMs },
    socket: {
      connectTimeout: 1_000,
      reconnectStrategy,
      ...(url.protocol === 'rediss:' ? { tls: true as const } : {}),
    },
  };
}

export function singleHandle(settings: ClientSettings): RedisHandle {
  const client: RedisClientType = createClient({
    url: settings.url,
    disableOfflineQueue: true,
    commandOptions: { timeout: settings.backstopTimeoutMs },
    socket: { connectTimeout: 1_000, reconnectStrategy },
  });
  const url = new URL(settings.url);
  client.connect().catch(() => {
    /* told through 'error'; the reconnect strategy keeps trying */
  });
  return {
    kind: 'single',
    commands: client,
    ready: () => client.isReady,
    onReady: (listener) => void client.on('ready', listener),
    ping: async () => void (await client.ping()),
    scan: (match) => client.scanIterator({ MATCH: match, COUNT: 500 }),
    replicated: async () => -1,
    subscriberNode: () => ({ host: url.hostname, port: Number(url.port || 6379) }),
    nodes: async () => [{ host: url.hostname, port: Number(url.port || 6379) }],
    destroy: () => client.destroy(),
    close: () => client.close(),
    on: (event, listener) => void client.on(event, listener),
  };
}

/**
 * node-redis's cluster client from `roots` (any nodes of the cluster; it reads the topology from the first
 * that answers). It follows MOVED and ASK by itself, but not a master that died: it keeps reconnecting to
 * it, so the connection's health check PINGs every master and replaces the client (roots: every node this
 * one knew) when one stops answering, which finds the replica that took over.
 */
export function clusterHandle(settings: ClientSettings, roots: readonly NodeAddress[]): RedisHandle {
  const defaults = nodeOptions(settings);
  const cluster: RedisClusterType = createCluster({
    rootNodes: roots.map((node) => ({ socket: { ...defaults.socket, host: node.host, port: node.port } })),
    defaults,
    maxCommandRedirections: 8,
  });
  let isConnected = false;
  const readyListeners: Array<() => void> = [];
  cluster.connect().then(
    () => {
      isConnected = true;
      for (const listener of readyListeners) listener();
    },
    () => {
      /* told through 'error'; a client that never connects is replaced by the health check */
    },
  );
  const masters = () => cluster.masters.map((master) => cluster.nodeClient(master));
  return {
    kind: 'cluster',
    // One type for both: every command the store sends exists with the same arguments on the cluster client.
    commands: cluster as unknown as RedisClientType,
    ready: () => isConnected && cluster.isOpen,
    onReady: (listener) => void readyListeners.push(listener),
    async ping() {
      if (cluster.masters.length === 0) throw new Error('CLUSTERDOWN no master known');
      await Promise.all(masters().map(async (client) => (await client).ping()));
    },
    replicated: async (key, timeoutMs) =>
      Number(await cluster.sendCommand(key, false, ['WAIT', '1', String(timeoutMs)])),
    async *scan(match) {
      for (const client of masters()) {
        for await (const keys of (await client).scanIterator({ MATCH: match, COUNT: 500 })) yield keys;
      }
    },
    subscriberNode() {
      const master = cluster.masters[0];
      return master ? { host: master.host, port: master.port } : roots[0]!;
    },
    async nodes() {
      const first = cluster.masters[0];
      if (!first) return [...roots];
      return parseClusterNodes(await (await cluster.nodeClient(first)).clusterNodes());
    },
    destroy: () => cluster.destroy(),
    close: () => cluster.close(),
    on: (event, listener) => void cluster.on(event, listener),
  };
}

/** Whether the node a client is connected to runs in cluster mode (INFO cluster: `cluster_enabled:1`). */
export async function isClusterNode(client: RedisClientType): Promise<boolean> {
  return /^cluster_enabled:1\s*$/m.test(await client.info('cluster'));
}

/** Every node's address in CLUSTER NODES (`<id> <ip:port@cport[,hostname]> <flags> ...`), those without one left out. */
export function parseClusterNodes(text: string): NodeAddress[] {
  return text
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => fields.length > 2 && !fields[2]!.includes('noaddr'))
    .flatMap((fields) => {
      const match = /^(.*):(\d+)@/.exec(fields[1]!);
      return match && match[1] ? [{ host: match[1], port: Number(match[2]) }] : [];
    });
}

/** A plain client of one node, for a subscription (classic pub/sub reaches every node of a cluster). */
export function subscriberClient(settings: ClientSettings, node: NodeAddress): RedisClientType {
  const defaults = nodeOptions(settings);
  return createClient({
    ...defaults,
    disableOfflineQueue: false,
    socket: { ...defaults.socket, host: node.host, port: node.port },
  });
}
