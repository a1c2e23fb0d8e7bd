// `npm run lint:imports` (part of `npm run lint`): the import graph of the whole tree, type-only imports included.
// No file circle anywhere, server/'s rooms in layers (a room imports its own layer or the ones below, never above),
// and scripts/ never reaching into test/.

/** server/'s rooms from the ground up (the issue's picture: http → store → upstream → catalogue/caches → pages/api → app). */
const SERVER_LAYERS = [
  // What every room reads: settings, logging, traces, metrics, the HTTP helpers and the request's market.
  ['config', 'logger', 'memoryBudget', 'allocatorSettings', 'tracing', 'metrics', 'http', 'markets', 'requestLocals'],
  ['store'],
  ['security'],
  ['upstream'],
  ['searchCache', 'media'],
  ['catalogue'],
  ['redirects', 'pageCache'],
  ['render'],
  ['pages', 'api', 'rum'],
  ['app'],
  ['composeApp'],
  ['start', 'main', 'dev', 'heapLimit'],
];
const rooms = (names) => `^server/(${names.join('|')})(/|\\.tsx?$)`;
/** The settings' defaults live beside the code they set (rate limits, store budgets): config reads them from there. */
const DEFAULTS_READ_BY_CONFIG = '^server/(security/rateLimits|store/storeBudgets)\\.ts$';

const layerRules = SERVER_LAYERS.slice(0, -1).map((layer, index) => ({
  name: `server-layer-${layer.join('-')}`,
  comment: `server/${layer.join(', server/')} import only their own layer and the ones below (.dependency-cruiser.mjs).`,
  severity: 'error',
  from: { path: rooms(layer) },
  to: {
    path: rooms(SERVER_LAYERS.slice(index + 1).flat()),
    ...(layer.includes('config') ? { pathNot: DEFAULTS_READ_BY_CONFIG } : {}),
  },
}));

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A file circle: move what both sides need into a file of its own (a type, a constant, a loader).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'scripts-not-test',
      comment:
        'scripts/ imports nothing from test/: what both start the stack with lives in scripts/stack/, which tests import.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^test/' },
    },
    ...layerRules,
    {
      name: 'media-transform-pure',
      comment:
        'server/media/transform/ is the picture room\'s transform service: bytes in, a variant out. It reads no request, store, upstream or other room (docs/pictures.md, "The room").',
      severity: 'error',
      from: { path: '^server/media/transform/' },
      to: { path: '^(server/(?!media/transform/)|node_modules/(express|redis|undici|prom-client)/)' },
    },
    {
      name: 'media-http-on-top',
      comment:
        'Only server/media/http/ reads a request: the variants, the store of them and the transform service never import it; createPictures.ts puts the room together (docs/pictures.md, "The room").',
      severity: 'error',
      from: { path: '^server/media/(?!http/)', pathNot: '^server/media/createPictures\\.ts$' },
      to: { path: '^server/media/http/' },
    },
    {
      name: 'tiers-only-in-store',
      comment:
        'Only server/store/ builds a tier (a process LRU, a Redis tier): a cache declares a TieredStore (server/store/tieredStore.ts) instead.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/store/' },
      to: {
        path: '^(server/store/(tiers|boundedRedisTier)\\.ts$|node_modules/lru-cache/)',
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|coverage|scratch)/' },
    // Type-only imports are arrows too: a circle of types is still a circle to whoever reads the code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
