/**
 * One e2e test's deadline: a few pages with axe on a 2-core machine loaded to a load average of 25 take
 * under it, so only a hang reaches it. Files whose tests sweep many pages set SWEEP_DEADLINE_MS.
 */
export const E2E_TEST_DEADLINE_MS = 300_000;

/** One test that sweeps a market's pages (or every market's): dozens of pages, at the same pace. */
export const SWEEP_DEADLINE_MS = 600_000;

/**
 * One wait in a page (Playwright's actions and waits, eventually()): a wait that reaches it is a hang,
 * not a slow page, on a 2-core machine loaded to a load average of 25.
 */
export const PAGE_DEADLINE_MS = 120_000;

/**
 * Upstream deadlines for every e2e product: its sandbox shares the machine with the tests, and on a loaded
 * one an image made on demand takes longer than production's 5 s (a 504 the shopper would not meet). No
 * e2e test is about a deadline: their faults are refusals (status 503), not delays. A file can still set
 * its own.
 */
export const LOADED_MACHINE_UPSTREAM_DEADLINES = { UPSTREAM_TIMEOUT_MS: '60000', UPSTREAM_CONNECT_TIMEOUT_MS: '30000' };
