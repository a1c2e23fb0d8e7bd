import { createClient, type RedisClientType } from 'redis';
import type { Logger } from 'pino';
import type { DependencyProbe } from '../http/health.js';

export interface RedisConnection {
  /** The client, or undefined while Redis is not connected: callers then go without it at once. */
  available(): RedisClientType | undefined;
  probe: DependencyProbe;
  close(): Promise<void>;
}

/**
 * One Redis connection for the process. Offline queue off and a short command timeout, so a
 * Redis outage fails commands fast instead of holding requests; reconnects in the background.
 */
export function connectRedis(url: string | undefined, logger: Logger): RedisConnection {
  if (!url) {
    return { available: () => undefined, probe: { name: 'redis', state: () => 'not_configured' }, close: async () => {} };
  }
  const client: RedisClientType = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: 250 },
    socket: {
      connectTimeout: 1_000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000),
    },
  });
  let lastError = '';
  client.on('error', (err: Error) => {
    // Reconnection attempts fail the same way many times: log each kind of failure once.
    if (err.message !== lastError) logger.warn({ err: err.message }, 'redis unavailable');
    lastError = err.message;
  });
  client.on('ready', () => {
    lastError = '';
    logger.info('redis ready');
  });
  client.connect().catch(() => {
    /* reported through 'error'; the reconnect strategy keeps trying */
  });
  return {
    available: () => (client.isReady ? client : undefined),
    probe: { name: 'redis', state: () => (client.isReady ? 'up' : 'down') },
    close: async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
