import { z } from 'zod';
import { memoryBudget } from '../memoryBudget.js';
import { flag, redisPrefix, seconds } from './envTypes.js';

/** What the process keeps: Redis, the search and page caches, what shared caches are told, the memory budget. */
export const cachesSchema = z.object({
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'expected a redis:// or rediss:// URL' }).optional(),
  // auto: the node REDIS_URL names says at connect (INFO cluster) whether it is one of a Redis Cluster.
  REDIS_CLUSTER: z.enum(['auto', 'true', 'false'], { message: 'expected auto, true or false' }).default('auto'),
  SEARCH_CACHE_TTL_S: z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400).default(60),
  SEARCH_CACHE_SWR_S: z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400).default(300),
  // Put before the search cache's keys in Redis (`search:v1:<index>:<hash>`), so deployments (or tests) sharing a Redis stay apart.
  SEARCH_CACHE_REDIS_PREFIX: redisPrefix('', 0),
  // Page cache (server/pageCache/): anonymous pages as finished, precompressed bytes.
  PAGE_CACHE: flag.default(true),
  PAGE_CACHE_TTL_S: seconds.default(30),
  PAGE_CACHE_SWR_S: seconds.default(300),
  // Where pages live in Redis; the purge channel is named after it, so separate deployments (or tests) sharing a Redis stay apart.
  PAGE_CACHE_REDIS_PREFIX: redisPrefix('bff:page:v1:'),
  // Replaces the page cache's share of MEMORY_BUDGET_MB.
  PAGE_CACHE_MAX_MB: z.coerce.number({ message: 'expected megabytes' }).int().min(1).max(4_096).optional(),
  // What the process may use in all; every cache takes a share (server/memoryBudget.ts). Default: the cgroup limit, else 256.
  MEMORY_BUDGET_MB: z.coerce.number({ message: 'expected megabytes' }).int().min(128).max(65_536).optional(),
  // What a CDN or other shared cache is told (s-maxage, stale-while-revalidate) about a cached page.
  PAGE_CDN_MAX_AGE_S: seconds.default(30),
  PAGE_CDN_SWR_S: seconds.default(300),
  // HMAC-SHA256 key of POST /api/content/webhook (purge on publish); unset: the webhook answers 404.
  CONTENT_WEBHOOK_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
});

export function cacheSettings(e: z.infer<typeof cachesSchema>, cgroupLimitBytes: () => number | undefined) {
  const memory = memoryBudget({
    budgetMb: e.MEMORY_BUDGET_MB,
    cgroupLimitBytes: e.MEMORY_BUDGET_MB === undefined ? cgroupLimitBytes() : undefined,
    pageCacheMaxMb: e.PAGE_CACHE_MAX_MB,
  });
  return {
    redisUrl: e.REDIS_URL,
    /** One Redis or a cluster: asked at connect (`auto`), or as REDIS_CLUSTER forces it. */
    redisMode: ({ auto: 'auto', true: 'cluster', false: 'single' } as const)[e.REDIS_CLUSTER],
    searchCache: {
      ttlMs: e.SEARCH_CACHE_TTL_S * 1000,
      staleWhileRevalidateMs: e.SEARCH_CACHE_SWR_S * 1000,
      redisPrefix: e.SEARCH_CACHE_REDIS_PREFIX,
    },
    /** Finished pages in process (and in Redis when configured); `cdn` is what shared caches are told. */
    pageCache: {
      enabled: e.PAGE_CACHE,
      ttlMs: e.PAGE_CACHE_TTL_S * 1000,
      staleWhileRevalidateMs: e.PAGE_CACHE_SWR_S * 1000,
      maxBytes: memory.bytes.pageCache,
      redisPrefix: e.PAGE_CACHE_REDIS_PREFIX,
      cdn: { maxAgeS: e.PAGE_CDN_MAX_AGE_S, staleWhileRevalidateS: e.PAGE_CDN_SWR_S },
    },
    contentWebhookSecret: e.CONTENT_WEBHOOK_SECRET,
    /** The memory budget and each cache's bytes of it. */
    memory,
  };
}
