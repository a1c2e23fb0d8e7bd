// Production entry: `node dist/server/main.js` (what `npm start` and the container run).
// Production unless told otherwise, decided before React is first imported: React picks its
// production build (about twice the rendering speed) from NODE_ENV when it loads.
process.env.NODE_ENV ||= 'production';

const { loadConfig } = await import('./config.js');
const { ConfigError } = await import('./config/envTypes.js');
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// Tracing first, when asked for: its instrumentations must be in place before express, node:http
// and undici are first imported (below, through start.js). Unset, nothing of it is even loaded.
let tracing: { logMixin: () => object; stop: () => Promise<void> } | undefined;
if (config.tracing.otlpEndpoint) {
  const { startTracing } = await import('./tracing/startTracing.js');
  tracing = startTracing(config.tracing);
}

const { createLogger } = await import('./logger.js');
const { builtClientAssets } = await import('./render/assets.js');
const { startBff } = await import('./start.js');
const logger = createLogger(config, undefined, tracing?.logMixin);
const { getHeapStatistics } = await import('node:v8');
const { budgetMb, source, heapLimitMb } = config.memory;
// V8's limit adds the young generation (about 48 MB) to the old space the flag sets.
const heapMb = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
const { ALLOCATOR_ENV, missingAllocatorSettings } = await import('./allocatorSettings.js');
// glibc read its allocator settings when this process started: say which are missing.
const missing = missingAllocatorSettings();
logger.info(
  { memoryBudgetMb: budgetMb, source, heapLimitMb: heapMb, allocatorSettingsMissing: missing },
  'memory budget',
);
if (heapMb > heapLimitMb + 64)
  logger.warn(
    { heapLimitMb: heapMb, fits: heapLimitMb },
    'heap limit not set from the memory budget: start with node $(node dist/server/heapLimit.js) dist/server/main.js',
  );
if (missing.length > 0)
  logger.warn(
    { missing },
    `glibc's allocator runs with its defaults, which sharp's threads grow RSS with: start with ${Object.entries(
      ALLOCATOR_ENV,
    )
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')} (npm start and the image do)`,
  );
await startBff({
  config,
  logger,
  ...builtClientAssets(),
  safetyNet: true,
  ...(tracing ? { flushTraces: tracing.stop } : {}),
});
