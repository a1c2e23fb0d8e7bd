import { loadConfig } from '../../server/config.js';
import { ConfigError } from '../../server/config/envTypes.js';
import { UPSTREAM_SERVICES } from '../../server/config/upstreams.js';

const UPSTREAMS = Object.fromEntries(
  UPSTREAM_SERVICES.map((s) => [`UPSTREAM_${s.toUpperCase()}_URL`, `http://${s}:8080`]),
);

describe('loadConfig', () => {
  it('gives every setting a default, so a fresh clone starts with no environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', redisUrl: undefined, shutdownGraceMs: 10_000 });
    expect(config.trustProxy.setting).toBe(false);
    expect(Object.values(config.upstreamUrls).every((url) => url === undefined)).toBe(true);
  });

  it('reads upstream URLs, flags and timeouts', () => {
    const config = loadConfig({
      UPSTREAM_SEARCH_URL: 'http://search:8080/',
      TRUST_PROXY: '1',
      UPSTREAM_TIMEOUT_MS: '1500',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(config.upstreamUrls.search).toBe('http://search:8080/');
    expect(config.trustProxy.setting).toBe(1);
    expect(config.upstreamTimeoutsMs.search).toBe(1500);
    expect(config.redisUrl).toBe('redis://redis:6379');
  });

  it('answers on the development hosts outside production and with the sandbox, not in a deployment, unless DEV_HOSTS says otherwise', () => {
    expect(loadConfig({}).devHosts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', ...UPSTREAMS }).devHosts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...UPSTREAMS }).devHosts).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_HOSTS: 'true', ...UPSTREAMS }).devHosts).toBe(true);
  });

  it('shows the development index page outside production unless DEV_INDEX_PAGE says otherwise', () => {
    expect(loadConfig({}).devIndexPage).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', ...UPSTREAMS }).devIndexPage).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', DEV_INDEX_PAGE: 'true', ...UPSTREAMS }).devIndexPage,
    ).toBe(true);
    expect(loadConfig({ DEV_INDEX_PAGE: 'false' }).devIndexPage).toBe(false);
  });

  it('sets the request limits and the HTTP server deadlines deliberately', () => {
    const config = loadConfig({});
    expect(config.maxRequestTargetBytes).toBe(8_192);
    expect(config.clientLimits).toEqual({ maxConcurrentRequests: 128, inFlightWaitMs: 5_000, maxStreams: 6 });
    expect(config.http).toEqual({ keepAliveTimeoutMs: 65_000, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).map.tileUrl).toBe(
      'https://tiles.example/{z}/{x}/{y}.png',
    );
  });

  it('bounds the picture pipeline by default: 16 MB and 16.7 megapixels an original, 64 MB of variants in Redis for a day, 48 transforms waiting, AVIFs at effort 4', () => {
    expect(loadConfig({}).images).toEqual({
      urlTemplate: undefined,
      maxInputBytes: 16 * 1024 * 1024,
      maxInputPixels: 16_777_216,
      store: { maxBytes: 64 * 1024 * 1024, ttlMs: 86_400_000, redisPrefix: 'bff:img:v1:' },
      queueLength: 48,
      queueWaitMs: 5_000,
      decodeTimeoutMs: 120_000,
      heavyWaitMs: 20_000,
      avifEffort: 4,
    });
    expect(() => loadConfig({ IMAGE_AVIF_EFFORT: '10' })).toThrow(/IMAGE_AVIF_EFFORT/);
  });

  it('refuses to start in production with a service unset, SANDBOX or not: npm start gives the sandbox its URL', () => {
    const { UPSTREAM_COMHUB_URL: _unset, ...withoutComhub } = UPSTREAMS;
    for (const sandbox of ['true', 'false'])
      expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: sandbox, ...withoutComhub })).toThrow(
        /^Missing environment variable UPSTREAM_COMHUB_URL: /,
      );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    // Every address is a proxy: the "trust every hop" that true is refused for.
    ['TRUST_PROXY', '10.0.0.0/8,0.0.0.0/0'],
    ['RATE_LIMIT_LEADS_PER_CLIENT', '10'],
    ['RATE_LIMIT_CODE_GUESSES_PER_CODE', '0/60'],
    ['REDIS_URL', 'http://not-redis'],
    ['UPSTREAM_SEARCH_URL', 'ftp://search'],
    ['UPSTREAM_TIMEOUT_MS', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['MAX_REQUEST_TARGET_BYTES', '100'],
    ['CLIENT_MAX_CONCURRENT_REQUESTS', '0'],
    ['CLIENT_MAX_WORKSHOP_STREAMS', 'many'],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '0'],
    // Node refuses a headers timeout longer than the whole request's.
    ['HTTP_HEADERS_TIMEOUT_MS', '40000'],
    ['MAP_TILE_URL', 'https://tiles.example/{x}/{z}/{y}.png'],
    ['IMAGE_MAX_INPUT_BYTES', '100'],
    ['IMAGE_MAX_INPUT_PIXELS', 'lots'],
    ['IMAGE_STORE_MAX_MB', '0'],
    ['IMAGE_STORE_TTL_S', '5'],
    ['IMAGE_STORE_REDIS_PREFIX', 'img prefix'],
    ['IMAGE_TRANSFORM_QUEUE', '-1'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain(name);
      expect(message).not.toContain('\n');
    }
  });
});
