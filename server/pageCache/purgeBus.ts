import { randomUUID } from 'node:crypto';
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
 * other one drops its local copies (the shared copies in Redis are already gone). The connection
 * keeps the subscription (a subscriber of its own, opened again with every new connection). On a
 * Redis Cluster this is classic PUBLISH/SUBSCRIBE, which the cluster bus carries to every node, so a
 * subscriber on any node hears it: purges are rare, so that broadcast costs nothing worth sharding
 * (SPUBLISH would reach only one shard's nodes, and need the subscriber on that shard).
 */
export function purgeBus(
  channel: string,
  redis: RedisConnection,
  logger: Logger,
  onPurge: (prefixes: string[]) => void,
): PurgeBus {
  const me = randomUUID();
  redis.subscribe(channel, (message) => {
    try {
      const parsed = MessageSchema.safeParse(JSON.parse(message));
      if (parsed.success && parsed.data.from !== me) onPurge(parsed.data.prefixes);
    } catch {
      logger.warn('page cache: unreadable purge message ignored');
    }
  });
  return {
    async publish(prefixes) {
      await redis.ifUp((client) => client.publish(channel, JSON.stringify({ from: me, prefixes })));
    },
    async close() {
      // The subscription ends with the connection.
    },
  };
}
