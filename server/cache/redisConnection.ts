import { createClient, type RedisClientType } from 'redis';
import type { Logger } from 'pino';
import type { DependencyProbe } from '../http/health.js';

export interface RedisConnection {
  /** The client, or undefined while Redis is not connected or not answering: callers then go without it at once. */
  available(): RedisClientType | undefined;
  probe: DependencyProbe;
  close(): Promise<void>;
}

/** Deadlines of the connection: every command's, and the health check's. */
export const REDIS_TIMING = {
  /** Every command's answer is given up after this long (offline queue off: none waits for a connection either). */
  commandTimeoutMs: 250,
  /** A PING this often; one that misses the command deadline marks Redis down. */
  pingIntervalMs: 1_000,
  /** A connection that has not become ready in this long (a handshake Redis never answers) is replaced. */
  stuckConnectingMs: 5_000,
};

/**
 * One Redis connection for the process. Offline queue off and a deadline on every command, so a
 * Redis outage fails commands fast instead of holding requests (node-redis's own `timeout` only
 * covers a command until it is written: one written to a stalled Redis waited for ever, so callers
 * get the client through `withDeadlines`). A PING every second tells the truth
 * about it: a client that is connected but gets no answers (Redis stalled, a half-open socket) is
 * marked down at once (callers skip Redis instead of each waiting out the deadline), then destroyed
 * and replaced by a new one; it is up again when a new connection is ready and answers.
 */
export function connectRedis(url: string | undefined, logger: Logger, timing = REDIS_TIMING): RedisConnection {
  if (!url) {
    return { available: () => undefined, probe: { name: 'redis', state: () => 'not_configured' }, close: async () => {} };
  }
  let lastError = '';
  let closed = false;
  /** Whether the current client answered its last PING (or just became ready). */
  let answering = false;
  let openedAt = Date.now();

  const open = (): RedisClientType => {
    const created: RedisClientType = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: timing.commandTimeoutMs },
      socket: {
        connectTimeout: 1_000,
        reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000),
      },
    });
    created.on('error', (err: Error) => {
      // Reconnection attempts fail the same way many times: log each kind of failure once.
      if (err.message !== lastError) logger.warn({ err: err.message }, 'redis unavailable');
      lastError = err.message;
    });
    created.on('ready', () => {
      if (created !== client) return;
      lastError = '';
      answering = true;
      logger.info('redis ready');
    });
    openedAt = Date.now();
    created.connect().catch(() => {
      /* reported through 'error'; the reconnect strategy keeps trying */
    });
    return created;
  };
  let client = open();
  let guarded = withDeadlines(client, timing.commandTimeoutMs);

  /** Drops a client that stopped answering (its queued commands fail now) and starts a fresh one. */
  const replace = (why: string) => {
    logger.warn({ why }, 'redis not answering: reconnecting with a new client');
    const old = client;
    client = open();
    guarded = withDeadlines(client, timing.commandTimeoutMs);
    old.destroy(); // its commands still waiting for an answer fail now
  };

  let pinging = false;
  const check = async () => {
    if (closed || pinging) return;
    pinging = true;
    const pinged = client;
    try {
      if (!pinged.isReady) {
        answering = false;
        if (Date.now() - openedAt > timing.stuckConnectingMs) replace('not ready');
        return;
      }
      await deadline(pinged.ping(), timing.commandTimeoutMs);
      if (pinged === client) answering = true;
    } catch (err) {
      if (pinged !== client || closed) return;
      answering = false;
      // Ready but silent: replace it. Not ready after all (the socket closed): node-redis reconnects by itself.
      if (pinged.isReady) replace(err instanceof Error ? err.message : String(err));
    } finally {
      pinging = false;
    }
  };
  const timer = setInterval(() => void check(), timing.pingIntervalMs);
  timer.unref();

  const up = () => answering && client.isReady;
  return {
    available: () => (up() ? guarded : undefined),
    probe: { name: 'redis', state: () => (up() ? 'up' : 'down') },
    close: async () => {
      closed = true;
      clearInterval(timer);
      // A stalled Redis would hold a graceful close for ever: its commands get one more deadline, then the socket goes.
      if (client.isOpen) await deadline(client.close(), 1_000).catch(() => client.destroy());
    },
  };
}

class RedisDeadlineError extends Error {
  constructor(ms: number) {
    super(`redis gave no answer within ${ms} ms`);
  }
}

function deadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisDeadlineError(ms)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
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
        if (typeof result === 'object' && result !== null && result !== object && 'sendCommand' in result) return withDeadlines(result, ms);
        return result;
      };
    },
  });
}
