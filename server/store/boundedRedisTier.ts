import { createHash } from 'node:crypto';
import { RESP_TYPES } from 'redis';
import type { RedisConnection } from './redisConnection.js';
import { ENTRY_OVERHEAD_BYTES, type Codec, type SharedTier } from './tiers.js';

/**
 * Keeps one entry within a byte bound shared by every replica. Sizes live in a hash and the entries,
 * by expiry, in a sorted set; the total beside them. A new entry first takes off the entries whose
 * TTL has run out (Redis dropped their values already), then evicts the soonest to expire until it
 * fits: the total of values and index never passes `max`. One script, so replicas writing at once
 * cannot both find room. Every key has a TTL; a lost total is counted again from the sizes.
 */
const STORE_SCRIPT = `
local index, sizes, total = KEYS[1], KEYS[2], KEYS[3]
local prefix, member, value = ARGV[1], ARGV[2], ARGV[3]
local ttl, max, now, overhead = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local size = string.len(value) + overhead
if size > max then return 0 end
local bytes = tonumber(redis.call('GET', total) or '-1')
if bytes < 0 then
  bytes = 0
  for _, s in ipairs(redis.call('HVALS', sizes)) do bytes = bytes + tonumber(s) end
end
local function drop(m)
  bytes = bytes - tonumber(redis.call('HGET', sizes, m) or '0')
  redis.call('HDEL', sizes, m)
  redis.call('ZREM', index, m)
  redis.call('UNLINK', prefix .. m)
end
for _, m in ipairs(redis.call('ZRANGEBYSCORE', index, '-inf', now, 'LIMIT', 0, 64)) do drop(m) end
if redis.call('HEXISTS', sizes, member) == 1 then drop(member) end
while bytes + size > max do
  local oldest = redis.call('ZRANGE', index, 0, 0)
  if #oldest == 0 then bytes = 0 break end
  drop(oldest[1])
end
redis.call('SET', prefix .. member, value, 'PX', ttl)
redis.call('ZADD', index, now + ttl, member)
redis.call('HSET', sizes, member, size)
bytes = bytes + size
redis.call('SET', total, bytes)
for _, k in ipairs({ index, sizes, total }) do
  if redis.call('PTTL', k) < ttl then redis.call('PEXPIRE', k, ttl) end
end
return 1
`;
const STORE_SCRIPT_SHA = createHash('sha1').update(STORE_SCRIPT).digest('hex');

/**
 * A Redis tier every replica shares, at most `maxBytes` in all (STORE_SCRIPT), its keys under one hash tag
 * (`{tag}`): the script touches them all in one slot, on a cluster too. Every failure (Redis down, slow, a
 * value that does not read) is a miss or a write left out, never an error.
 */
export class BoundedRedisTier<V> implements SharedTier<V> {
  private readonly keys: { values: string; index: string; sizes: string; total: string };

  constructor(
    private readonly redis: RedisConnection,
    options: { prefix: string; tag: string; maxBytes: number; codec: Codec<V> },
  ) {
    const tag = `${options.prefix}{${options.tag}}:`;
    this.keys = { values: `${tag}v:`, index: `${tag}index`, sizes: `${tag}sizes`, total: `${tag}bytes` };
    this.maxBytes = options.maxBytes;
    this.codec = options.codec;
  }

  private readonly maxBytes: number;
  private readonly codec: Codec<V>;

  async read(key: string): Promise<V | undefined | 'unavailable'> {
    const bytes = await this.redis.ifUp(
      (client) =>
        client
          .withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer })
          .get(this.keys.values + memberOf(key)) as Promise<Buffer | null>,
    );
    if (bytes === undefined) return 'unavailable';
    return bytes ? this.codec.decode(bytes) : undefined;
  }

  /** Whether it was kept (false: larger than the whole store, or Redis could not be asked). */
  async set(key: string, value: V, ttlMs: number): Promise<boolean> {
    const { values, index, sizes, total } = this.keys;
    const options = {
      keys: [index, sizes, total],
      arguments: [
        values,
        memberOf(key),
        this.codec.encode(value),
        String(Math.max(1, Math.round(ttlMs))),
        String(this.maxBytes),
        String(Date.now()),
        String(ENTRY_OVERHEAD_BYTES),
      ],
    };
    const kept = await this.redis.ifUp((client) =>
      client.evalSha(STORE_SCRIPT_SHA, options).catch((err: unknown) => {
        if (err instanceof Error && err.message.startsWith('NOSCRIPT')) return client.eval(STORE_SCRIPT, options);
        throw err;
      }),
    );
    return kept === 1;
  }

  /** The bytes the store holds now, as its own count says (for /metrics and tests). */
  async bytes(): Promise<number | undefined> {
    const total = await this.redis.ifUp((client) => client.get(this.keys.total));
    return total === undefined ? undefined : Number(total ?? 0);
  }
}

/** A fixed-length name for a variant key of any length. */
function memberOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}
