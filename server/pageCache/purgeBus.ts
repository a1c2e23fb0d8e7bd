import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { RedisConnection } from '../store/redisConnection.js';

const MessageSchema = z.object({ from: z.string(), prefixes: z.array(z.string()).max(1_000) });

export interface PurgeBus {
  /** Tells every other container to drop its copies under the prefixes. */
  publish(prefixes: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Purges reach every container through Redis pub/sub: the webhook's container publishes, each
 * other one drops its local copies (the shared copies in Redis are already gone). A subscriber
 * needs a connection of its own; it reconnects by itself after a Redis outage.
 */
export function purgeBus(
  redisUrl: string,
  channel: string,
  redis: RedisConnection,
  logger: Logger,
  onPurge: (prefixes: string[]) => void,
): PurgeBus {
  const me = randomUUID();
  const subscriber = createClient({
    url: redisUrl,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  subscriber.on('error', () => undefined); // the main connection reports Redis outages
  subscriber
    .connect()
    .then(() =>
      subscriber.subscribe(channel, (message) => {
        try {
          const parsed = MessageSchema.safeParse(JSON.parse(message));
          if (parsed.success && parsed.data.from !== me) onPurge(parsed.data.prefixes);
        } catch {
          logger.warn('page cache: unreadable purge message ignored');
        }
      }),
    )
    .catch((err: unknown) => logger.warn({ err }, 'page cache: purge subscription failed'));
  return {
    async publish(prefixes) {
      await redis.ifUp((client) => client.publish(channel, JSON.stringify({ from: me, prefixes })));
    },
    async close() {
      if (subscriber.isOpen) await subscriber.close().catch(() => subscriber.destroy());
    },
  };
}
