/**
 * glibc's allocator settings the image runs with (Dockerfile `ENV`; docs/pictures.md "The allocator"): two arenas
 * instead of one per thread, and allocations over 128 KB mapped and given back when freed. glibc reads them once,
 * when the process starts, so whatever starts the BFF sets them in its environment: `npm start`, the soaks and the
 * benches that spawn it, the tests' spawned BFF. Without them sharp's threads keep freed memory in arenas of their own.
 */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * The settings a process started without, when it runs on glibc's own allocator (none on another libc, or with
 * another allocator preloaded, jemalloc's `LD_PRELOAD`).
 */
export function missingAllocatorSettings(env: NodeJS.ProcessEnv = process.env, glibc = runsOnGlibc()): string[] {
  if (!glibc || /jemalloc|tcmalloc|mimalloc/.test(env.LD_PRELOAD ?? '')) return [];
  return Object.keys(ALLOCATOR_ENV).filter((name) => !env[name]);
}

function runsOnGlibc(): boolean {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return Boolean(report?.header?.glibcVersionRuntime);
}
