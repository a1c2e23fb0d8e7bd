/**
 * The shared Redis the tests use (a real server, started by `.ci/run` when down). TEST_REDIS_URL moves a
 * whole run to another server, so two checkouts testing at once never read each other's cached pages.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Its port, for a proxy or a probe that connects by port. */
export const testRedisPort = new URL(testRedisUrl).port || '6379';
