/**
 * One e2e test's deadline: a few pages with axe on a machine loaded to a load average of 15 take well
 * under it, so only a hang reaches it. Files whose tests sweep many pages set their own, longer.
 */
export const E2E_TEST_DEADLINE_MS = 180_000;

/**
 * Upstream deadlines for every e2e product: its sandbox shares the machine with the tests, and on a loaded
 * one an image made on demand takes longer than production's 5 s (a 504 the shopper would not meet). No
 * e2e test is about a deadline: their faults are refusals (status 503), not delays. A file can still set
 * its own.
 */
export const LOADED_MACHINE_UPSTREAM_DEADLINES = { UPSTREAM_TIMEOUT_MS: '60000', UPSTREAM_CONNECT_TIMEOUT_MS: '30000' };
