import type { RedisClientType } from 'redis';
import type { Logger } from 'pino';
import type { DependencyProbe } from '../http/health.js';
import { RedisFaults, WITHOUT_REDIS, type RedisFaultKind } from './redisFaults.js';
import {
  clusterHandle,
  isClusterNode,
  singleHandle,
  subscriberClient,
  type NodeAddress,
  type RedisHandle,
  type RedisMode,
} from './redisClients.js';

export interface RedisConnection {
  /** Whether a Redis URL is configured at all (without one, everything shared lives in this process alone). */
  configured: boolean;
  /** The client, or undefined while Redis is not connected or not answering: callers then go without it at once. */
  available(): RedisClientType | undefined;
  /**
   * `command` on the client when Redis answers; undefined when it is not there or the command failed
   * (a key Redis does not hold is null, as node-redis answers it). The one way callers use Redis
   * while going on without it: only what needs the client itself (a rate limiter's store) asks `available`.
   */
  ifUp<T>(command: (client: RedisClientType) => Promise<T>): Promise<T | undefined>;
  /**
   * Tells of a command that failed other than by a miss (metric, log, /readyz): for callers that use
   * `available` and catch their own failures. `ifUp` tells of its own.
   */
  reportFault(err: unknown, command?: string): void;
  /** `single` or `cluster` once the first connection told (REDIS_CLUSTER=auto), or as forced. */
  mode(): 'single' | 'cluster' | undefined;
  /** The keys matching a SCAN pattern in batches, on every master of a cluster; fails when Redis is not up. */
  scan(match: string): AsyncIterable<string[]>;
  /**
   * Waits (up to REPLICA_WAIT_MS) for a replica to hold the writes made to `key`'s node, so a master's failover
   * cannot lose them; whether one did (true), none did in time (false), or there is none to ask (undefined:
   * one Redis, or Redis not up). For the few writes whose loss would double a lead.
   */
  replicated(key: string): Promise<boolean | undefined>;
  /**
   * `listener` gets every message PUBLISHed to `channel`, through a subscriber connection of its own that is
   * opened again with every new connection (on a cluster: on a master of the topology as last read; classic
   * pub/sub carries a message to every node of a cluster).
   */
  subscribe(channel: string, listener: (message: string) => void): void;
  /** Calls `listener` on every new connection and whenever Redis answers again after being marked down. */
  onUp(listener: () => void): void;
  probe: DependencyProbe;
  close(): Promise<void>;
}

/** Deadlines of the connection: every command's, and the health check's. */
export const REDIS_TIMING = {
  /**
   * Every command's answer is given up after this long of time the process could have read it in
   * (offline queue off: none waits for a connection either). Time the event loop was blocked does not
   * count (`deadline` below), up to `DEADLINE_STRETCH` times this in all.
   */
  commandTimeoutMs: 250,
  /** A PING this often while Redis answers; after a miss, the next one follows after `commandTimeoutMs`. */
  pingIntervalMs: 1_000,
  /** PINGs missed in a row before Redis is marked down and the client replaced: one slow answer is not an outage. */
  missedPingsForDown: 3,
  /** A connection that has not become ready in this long (a handshake Redis never answers) is replaced. */
  stuckConnectingMs: 5_000,
};

/** How long a write waits for a replica to have it (WAIT): a replica in sync answers within a millisecond. */
const REPLICA_WAIT_MS = 200;
/** A connection answering READONLY is replaced at most this often (a replica named in REDIS_URL on purpose would otherwise churn). */
const REPLACE_ON_READONLY_MS = 5_000;
/** How late a timer may fire before the lateness counts as time the event loop was blocked. */
const LOOP_LAG_TOLERANCE_MS = 20;
/** A deadline is pushed back by blocked time to at most this many times its length. */
const DEADLINE_STRETCH = 4;

/**
 * One Redis connection for the process. Offline queue off and a deadline on every command, so a
 * Redis outage fails commands fast instead of holding requests (node-redis's own `timeout` only
 * covers a command until it is written: one written to a stalled Redis waited for ever, so callers
 * get the client through `withDeadlines`). A PING every second tells the truth about it: a client
 * that is connected but gets no answers (Redis stalled, a half-open socket) is marked down after
 * `missedPingsForDown` misses in a row (callers then skip Redis instead of each waiting out the
 * deadline), then destroyed and replaced by a new one; it is up again when a new connection is ready
 * and answers. Every deadline, the PING's included, leaves out time the event loop was blocked (a
 * CPU-heavy render): an answer that arrived meanwhile is read before a deadline is declared missed,
 * so a busy process does not take a healthy Redis for a dead one (issue 31: 14 client replacements
 * in 15 s, and every limit counted per process meanwhile).
 */
export function connectRedis(
  url: string | undefined,
  logger: Logger,
  options: { timing?: typeof REDIS_TIMING; onFault?: (kind: RedisFaultKind) => void; mode?: RedisMode } = {},
): RedisConnection {
  const timing = options.timing ?? REDIS_TIMING;
  if (!url) {
    return {
      configured: false,
      available: () => undefined,
      ifUp: async () => undefined,
      reportFault: () => {},
      mode: () => undefined,
      scan: () => {
        throw new Error('no Redis configured');
      },
      subscribe: () => {},
      replicated: async () => undefined,
      onUp: () => {},
      probe: { name: 'redis', state: () => 'not_configured' },
      close: async () => {},
    };
  }
  let lastError = '';
  let closed = false;
  const faults = new RedisFaults(logger, options.onFault);
  /** Whether the current client answers (it became ready, and has not missed `missedPingsForDown` PINGs in a row since). */
  let answering = false;
  let missed = 0;
  let openedAt = Date.now();
  const upListeners: Array<() => void> = [];
  const cameUp = () => {
    for (const listener of upListeners) listener();
  };

  const settings = { url, backstopTimeoutMs: timing.commandTimeoutMs * DEADLINE_STRETCH };
  let mode = options.mode ?? 'auto';
  /** Nodes of the cluster as last read: where a new cluster client finds its topology (the URL's node may be the one that died). */
  let clusterNodes: NodeAddress[] = [];

  const whenReady = (created: RedisHandle) => {
    if (created !== handle) return;
    lastError = '';
    missed = 0;
    answering = true;
    logger.info({ mode: created.kind }, 'redis ready');
    cameUp(); // every new connection: a Redis that restarted has lost what was written before
    if (created.kind === 'cluster')
      created.nodes().then(
        (nodes) => (clusterNodes = nodes.length > 0 ? nodes : clusterNodes),
        () => undefined,
      );
  };

  const open = (): RedisHandle => {
    const urlNode = new URL(url);
    const roots = [...clusterNodes, { host: urlNode.hostname, port: Number(urlNode.port || 6379) }];
    const created = mode === 'cluster' ? clusterHandle(settings, roots) : singleHandle(settings);
    created.on('error', (err: Error) => {
      // Reconnection attempts fail the same way many times: log each kind of failure once.
      if (err.message !== lastError) logger.warn({ err: err.message }, 'redis unavailable');
      lastError = err.message;
    });
    created.onReady(() => {
      if (mode !== 'auto') return whenReady(created);
      // The first answer decides, once: a cluster node is spoken to through the cluster client from then on.
      isClusterNode(created.commands).then(
        (cluster) => {
          mode = cluster ? 'cluster' : 'single';
          if (!cluster) return whenReady(created);
          if (created !== handle) return;
          handle = open();
          guarded = withDeadlines(handle.commands, timing.commandTimeoutMs);
          created.destroy();
        },
        (err: unknown) => logger.warn({ err }, 'redis: INFO cluster failed; asked again on the next connection'),
      );
    });
    openedAt = Date.now();
    return created;
  };
  let handle = open();
  let guarded = withDeadlines(handle.commands, timing.commandTimeoutMs);

  /** Drops a client that stopped answering (its queued commands fail now) and starts a fresh one. */
  const replace = (why: string) => {
    logger.warn({ why }, 'redis not answering: reconnecting with a new client');
    const old = handle;
    handle = open();
    guarded = withDeadlines(handle.commands, timing.commandTimeoutMs);
    old.destroy(); // its commands still waiting for an answer fail now
  };

  /**
   * A fault told; READONLY means the connection is on a node that is a replica now (a managed primary
   * endpoint or a proxy that moved on failover while this socket stayed open): a new client resolves the
   * endpoint again and reaches the new primary. At most once in REPLACE_ON_READONLY_MS.
   */
  let replacedForReadonlyAt = 0;
  const fault = (err: unknown, command?: string) => {
    if (faults.report(err, command) !== 'readonly' || closed) return;
    if (Date.now() - replacedForReadonlyAt < REPLACE_ON_READONLY_MS) return;
    replacedForReadonlyAt = Date.now();
    answering = false;
    replace('READONLY: the node is a replica now');
  };

  const subscriptions = new Map<string, (message: string) => void>();
  let subscriber: RedisClientType | undefined;
  const resubscribe = () => {
    if (subscriptions.size === 0 || closed || !handle.ready()) return;
    subscriber?.destroy();
    const opened = subscriberClient(settings, handle.subscriberNode());
    subscriber = opened;
    opened.on('error', () => undefined); // the main connection tells of outages
    opened
      .connect()
      .then(() => Promise.all([...subscriptions].map(([channel, listener]) => opened.subscribe(channel, listener))))
      .catch((err: unknown) => {
        if (opened === subscriber) faults.report(err, 'subscribe');
      });
  };
  upListeners.push(resubscribe);

  let pinging = false;
  const check = async () => {
    if (closed || pinging) return;
    pinging = true;
    const pinged = handle;
    try {
      if (!pinged.ready()) {
        answering = false;
        missed = 0;
        if (Date.now() - openedAt > timing.stuckConnectingMs) replace('not ready');
        return;
      }
      await deadline(pinged.ping(), timing.commandTimeoutMs);
      if (pinged !== handle) return;
      missed = 0;
      if (!answering) {
        answering = true;
        cameUp();
      }
    } catch (err) {
      if (pinged !== handle || closed) return;
      missed += 1;
      if (missed < timing.missedPingsForDown) return;
      answering = false;
      missed = 0;
      // Ready but silent: replace it. Not ready after all (the socket closed): node-redis reconnects by itself.
      // A cluster's master that died is never left by node-redis: a new client reads the topology again.
      if (pinged.ready() || pinged.kind === 'cluster') replace(err instanceof Error ? err.message : String(err));
    } finally {
      pinging = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  // After a miss the next PING comes sooner, so a real outage is still told within about two seconds.
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(
      () => void check().finally(schedule),
      missed > 0 ? timing.commandTimeoutMs : timing.pingIntervalMs,
    );
    timer.unref();
  };
  schedule();

  const up = () => answering && handle.ready();
  return {
    configured: true,
    available: () => (up() ? guarded : undefined),
    async ifUp(command) {
      if (!up()) return undefined;
      try {
        return await command(guarded);
      } catch (err) {
        fault(err);
        return undefined;
      }
    },
    reportFault: (err, command) => fault(err, command),
    mode: () => (mode === 'auto' ? undefined : mode),
    scan: (match) => {
      if (!up()) throw new Error('redis is not up');
      return handle.scan(match);
    },
    async replicated(key) {
      if (!up() || handle.kind !== 'cluster') return undefined;
      const acked = await deadline(handle.replicated(key, REPLICA_WAIT_MS), REPLICA_WAIT_MS + timing.commandTimeoutMs)
        .then((count) => count >= 1)
        .catch((err: unknown) => (fault(err, 'WAIT'), false));
      return acked;
    },
    subscribe: (channel, listener) => {
      subscriptions.set(channel, listener);
      resubscribe();
    },
    onUp: (listener) => void upListeners.push(listener),
    probe: {
      name: 'redis',
      state: () => (!up() ? 'down' : faults.recent() ? 'degraded' : 'up'),
      detail: () => ({ lastFault: faults.recent() ?? null, ...WITHOUT_REDIS }),
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      subscriber?.destroy();
      // A stalled Redis would hold a graceful close for ever: its commands get one more deadline, then the socket goes.
      await deadline(handle.close(), 1_000).catch(() => handle.destroy());
    },
  };
}

class RedisDeadlineError extends Error {
  constructor(ms: number) {
    super(`redis gave no answer within ${ms} ms`);
  }
}

/**
 * `promise`, or a RedisDeadlineError once `ms` of time this process could have read the answer in
 * have passed. Timers run before I/O in each turn of the event loop, so a timer that fires late (the
 * loop was blocked) first lets I/O have its turn (setImmediate runs after it): an answer that arrived
 * while the loop was blocked is read then, and wins. A timer late by more than the tolerance also
 * gives the answer the blocked time again (a command is written at the end of a turn, so one sent
 * just before the block left only then), up to DEADLINE_STRETCH times `ms` in all.
 */
function deadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const latest = performance.now() + ms * DEADLINE_STRETCH;
    const arm = (wait: number) => {
      const due = performance.now() + wait;
      timer = setTimeout(() => {
        const blocked = performance.now() - due;
        setImmediate(() => {
          if (settled) return;
          const left = latest - performance.now();
          if (blocked > LOOP_LAG_TOLERANCE_MS && left > 0) return arm(Math.min(blocked, left));
          settled = true;
          reject(new RedisDeadlineError(ms));
        });
      }, wait);
    };
    arm(ms);
    promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err as Error);
      },
    );
  });
}

/**
 * The client with a deadline on the answer of every command called on it, also through the
 * clients `withTypeMapping` and the like return. What has no promise to race (a SCAN iterator, a
 * MULTI being built) is bounded by the health check, which destroys a client that stopped answering.
 */
function withDeadlines<T extends object>(target: T, ms: number): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
        if (result instanceof Promise) return deadline(result, ms);
        // A client with other command options (withTypeMapping, withAbortSignal...): the same deadline on it.
        if (typeof result === 'object' && result !== null && result !== object && 'sendCommand' in result)
          return withDeadlines(result, ms);
        return result;
      };
    },
  });
}
