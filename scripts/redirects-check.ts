/**
 * npm run redirects:check [-- <market> ...] — starts the app in-process (against the upstreams named by
 * UPSTREAM_*_URL, a sandbox in this process for those unset) and, per market, checks that every rule's destination ends on a
 * 200 page, that no rule redirects a live page (content tree, navigation, links on pages, sitemap), and
 * that every sitemap URL answers 200 with a self canonical. Prints a per-market table; exit 1 on a failure.
 * Needs the client build (npm run build:client). REDIRECTS_DIR picks another directory of tables;
 * REDIRECTS_CHECK_CARS how many car pages of each sitemap are fetched (default 40, `all` for every one).
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { Metrics } from '../server/metrics.js';
import { builtClientAssets } from '../server/render/assets.js';
import { startBff } from '../server/start.js';
import { createUpstreams } from '../server/upstream/upstreams.js';
import { loadRedirects, tableFile } from '../server/redirects/load-redirects.js';
import { parseRedirectTable } from '../server/redirects/redirect-table.js';
import { formatReport, runRedirectCheck } from '../server/redirects/check/runCheck.js';
import { MARKETS } from '../markets/registry.js';
import { startSandbox } from '../sandbox/app.js';

const dir = process.env.REDIRECTS_DIR ?? 'redirects';
const only = process.argv.slice(2);
const markets = MARKETS.filter((m) => only.length === 0 || only.includes(m.id));
if (markets.length === 0) {
  console.error(`usage: npm run redirects:check [-- ${MARKETS.map((m) => m.id).join(' ')}]`);
  process.exit(2);
}

// A private in-memory search cache (no shared Redis) and a quiet log: the report is the output. The check asks
// whether every link ends on a page, not how fast the sandbox answers: its deadline is one a loaded machine meets
// (at load 16 a car page's search met the 5 s one twice in 1,179 fetches, reported as dead links).
const { REDIS_URL: _ignored, ...env } = process.env;
const sandbox = await startSandbox(0);
const config = loadConfig({
  LOG_LEVEL: 'error',
  UPSTREAM_TIMEOUT_MS: '30000',
  ...sandbox.upstreamEnv(),
  ...env,
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  REDIRECTS_DIR: dir,
});
const logger = createLogger(config);
const started = Date.now();
const bff = await startBff({ config, logger, ...builtClientAssets(), exit: () => undefined });
let failed = true;
try {
  const upstreams = createUpstreams(bff.config, logger, new Metrics({ defaultMetrics: false }));
  const results = await runRedirectCheck({
    baseUrl: bff.url,
    markets,
    compiled: loadRedirects(dir),
    tables: new Map(
      markets.map((m) => [m.id, parseRedirectTable(tableFile(dir, m.id), readFileSync(tableFile(dir, m.id), 'utf8'))]),
    ),
    content: upstreams.content,
    search: upstreams.search,
    carSample: process.env.REDIRECTS_CHECK_CARS === 'all' ? 'all' : Number(process.env.REDIRECTS_CHECK_CARS ?? 40),
  });
  await upstreams.close();
  console.log(formatReport(results));
  console.log(`\nChecked in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  failed = results.some((r) => r.failures.length > 0);
} finally {
  await bff.shutdown('redirects check done');
  await sandbox.close();
}
process.exit(failed ? 1 : 0);
