import { readFileSync } from 'node:fs';

/** The budget when neither MEMORY_BUDGET_MB nor a cgroup limit says otherwise: what the soak holds RSS under. */
export const DEFAULT_MEMORY_BUDGET_MB = 256;

const MB = 1024 * 1024;

/**
 * Measured (`JSON.parse` + freeze of sandbox answers, heap before and after): a parsed search answer
 * takes 0.7–1.3× its JSON bytes on the heap (2× for answers under 1 KB); a 48-car list answer with
 * the projection kept beside it (server/catalogue/carSummarySearch.ts) 1.3×. 2 covers them all.
 */
export const PARSED_ANSWER_HEAP_FACTOR = 2;

/**
 * Each cache's share of the budget. What is left (over four fifths) is the runtime itself: code, the
 * V8 young generation, renders and upstream bodies in flight, sockets, zlib and brotli state, and the
 * pictures being decoded (DECODE_SHARE).
 */
export const MEMORY_SHARES = {
  /**
   * Finished pages, three encodings each (Buffers, off the V8 heap). Shares measured at 256 MB with
   * every cache filled (no Redis, 7,000 distinct pages and searches): pages at 1/4 put RSS at 265 MB,
   * these at twice their size 288 MB, these 231 MB.
   */
  pageCache: 1 / 16,
  /** Recent search answers as bytes, with their compressed forms. */
  searchLocal: 1 / 32,
  /** Search answers in process when there is no Redis (the local layer's entries are views of these). */
  searchMemoryStore: 1 / 32,
  /** Parsed search answers for pages (V8 heap, estimated as bytes × PARSED_ANSWER_HEAP_FACTOR). */
  searchParsed: 1 / 24,
  /** The fast paths' learned requests (V8 heap: signatures and keys). */
  pageFastPath: 1 / 128,
  searchFastPath: 1 / 128,
  /** Navigation, alert and brands per market and language (parsed, V8 heap). */
  layout: 1 / 128,
  /** formSubmissionIds seen, when Redis is down or absent. */
  submissionLedger: 1 / 128,
  /**
   * Picture variants (Buffers, off the V8 heap): eleven sixteenths for this process's recent variants,
   * a quarter for libvips' own operation cache (server/media/transform/transformPicture.ts configureSharp), a
   * sixteenth for the picture fast path's learned requests (server/media/createPictures.ts).
   */
  pictures: 1 / 32,
} as const;
export type CacheName = keyof typeof MEMORY_SHARES;

/**
 * Pictures being decoded and encoded, in this process and in its decode processes: every transform is admitted
 * by its estimate against this (server/media/transform/decodeGate.ts). Not a cache: nothing is held once a transform ends,
 * and it comes out of the runtime's part. 96 MB at 256 MB: one 12 MP HEIC or 16 MP AVIF in a decode process
 * (about 94 MB), or a 1600 px AVIF encode (81 MB), or a dozen ordinary transforms beside each other.
 */
export const DECODE_SHARE = 3 / 8;

/** The old-space limit: half the budget; the other half is the off-heap caches and native memory. */
export const HEAP_SHARE = 1 / 2;

/**
 * Each of V8's young-generation semi-spaces: a 64th of the budget, between 1 and 16 MB (V8's own maximum). V8 sizes
 * them by the machine, not by the old space: at 256 MB they held 14–20 MB more RSS than with 4 MB each, and the soak
 * ended over its budget on an idle machine (RSS 258 MB; 233 MB with 4 MB, latency and lag no worse).
 */
export const SEMI_SPACE_SHARE = 1 / 64;

export interface MemoryBudget {
  budgetMb: number;
  source: 'MEMORY_BUDGET_MB' | 'cgroup' | 'default';
  /** Bytes each cache may hold (PAGE_CACHE_MAX_MB replaces the page cache's share). */
  bytes: Record<CacheName, number>;
  /** Bytes the pictures being decoded and encoded may hold at once (DECODE_SHARE). */
  decodeBytes: number;
  /** `--max-old-space-size` for this budget. */
  heapLimitMb: number;
  /** `--max-semi-space-size` for this budget. */
  semiSpaceMb: number;
  /** The V8 flags of this budget, for node's command line (server/heapLimit.ts prints them for the start command). */
  v8Flags: string[];
}

const CGROUP_LIMIT_FILES = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'];

/** The container's memory limit in bytes (cgroup v2, then v1); undefined when there is none. */
export function cgroupMemoryLimitBytes(
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): number | undefined {
  for (const path of CGROUP_LIMIT_FILES) {
    let text: string;
    try {
      text = read(path).trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    // v2 writes "max"; v1 writes no limit as about 2^63 (rounded to a page).
    return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
  }
  return undefined;
}

export function memoryBudget(options: {
  budgetMb?: number | undefined;
  cgroupLimitBytes?: number | undefined;
  pageCacheMaxMb?: number | undefined;
}): MemoryBudget {
  const fromCgroup = options.cgroupLimitBytes !== undefined ? Math.floor(options.cgroupLimitBytes / MB) : undefined;
  const budgetMb = options.budgetMb ?? fromCgroup ?? DEFAULT_MEMORY_BUDGET_MB;
  const source = options.budgetMb !== undefined ? 'MEMORY_BUDGET_MB' : fromCgroup !== undefined ? 'cgroup' : 'default';
  const bytes = Object.fromEntries(
    Object.entries(MEMORY_SHARES).map(([name, share]) => [name, Math.floor(budgetMb * share * MB)]),
  ) as Record<CacheName, number>;
  if (options.pageCacheMaxMb !== undefined) bytes.pageCache = options.pageCacheMaxMb * MB;
  const heapLimitMb = Math.max(64, Math.floor(budgetMb * HEAP_SHARE));
  const semiSpaceMb = Math.min(16, Math.max(1, Math.floor(budgetMb * SEMI_SPACE_SHARE)));
  return {
    budgetMb,
    source,
    bytes,
    decodeBytes: Math.floor(budgetMb * DECODE_SHARE * MB),
    heapLimitMb,
    semiSpaceMb,
    v8Flags: [`--max-old-space-size=${heapLimitMb}`, `--max-semi-space-size=${semiSpaceMb}`],
  };
}
