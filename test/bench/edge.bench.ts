// npm run bench:edge — the edge cache of deploy/nginx/ (Debian's nginx, edge-cache.*.conf switched on) in front
// of the BFF: the car list as nginx sends it from its cache, against the same nginx sending the very same bytes
// as a static file (the ceiling). Rounds alternate (edge, static, static, edge, ...) so the machine's drift
// weighs on both alike; the medians' ratio must reach 0.8. Then: no editor's answer is ever shared.
// 16 keep-alive connections from a worker thread (test/bench/loadWorker.mjs), asking as a browser does (br, gzip).
// Exits 1 when the ratio misses the target or a personal answer was shared. Figures compare within one run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { request } from 'undici';
import { startBenchStack } from './benchStack.js';

const { MARKETS } = await import('../../markets/registry.js');
const { freePort, startEdgeNginx } = await import('../support/edgeNginx.js');
type EdgeNginx = Awaited<ReturnType<typeof startEdgeNginx>>;
const { CONTENT_SANDBOX_PREVIEW_TOKEN } = await import('../../contracts/upstream/content.js');

const CONNECTIONS = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_MS = Number(process.env.BENCH_DURATION_MS ?? 2_000);
const ACCEPT_ENCODING = 'br, gzip';
const TARGET_RATIO = 0.8;
const PERSONAL_TRIES = 50;

const market = MARKETS.find((m) => m.id === 'se')!;
const host = market.devHostname;
const path = market.paths.carList;

const { bff, stop } = await startBenchStack();
const staticPort = await freePort();
/** The static side's root and headers: the car list's bytes and headers as the BFF sends them (so the edge does too). */
const staticDir = mkdtempSync(join(tmpdir(), 'bff-edge-static-'));
/** Headers nginx writes itself on either side. */
const OWN_HEADERS = new Set(['date', 'server', 'content-length', 'connection', 'keep-alive', 'x-cache-status']);
/** Headers the static side gets from its own directives (its `default_type`). */
const SET_APART = new Set([...OWN_HEADERS, 'content-type']);
function addHeaders(headers: Record<string, string | string[] | undefined>): string {
  return Object.entries(headers)
    .filter(([name]) => !SET_APART.has(name))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? '']).map((v) => [name, v] as const))
    .map(([name, value]) => {
      const quote = value.includes('"') ? "'" : '"';
      if (/[$\\]/.test(value) || value.includes(quote))
        throw new Error(`header ${name} cannot be replayed by add_header: ${value}`);
      return `add_header ${name} ${quote}${value}${quote};`;
    })
    .join('\n');
}

async function get(origin: string, headers: Record<string, string> = {}) {
  const res = await request(`${origin}${path}`, { headers: { host, 'accept-encoding': ACCEPT_ENCODING, ...headers } });
  return { res, body: Buffer.from(await res.body.arrayBuffer()) };
}

type Load = { requests: number; errors: number; rps: number; p50: number; p99: number };
function load(url: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./loadWorker.mjs', import.meta.url), {
      workerData: {
        url,
        host,
        acceptEncoding: ACCEPT_ENCODING,
        connections: CONNECTIONS,
        warmupMs: 300,
        durationMs: ROUND_MS,
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

let failed = false;
let edge: EdgeNginx | undefined;
try {
  // The BFF's best-quality brotli is made off the request path: wait until its bytes stop changing.
  let sample: Awaited<ReturnType<typeof get>> | undefined;
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 500))) {
    const next = await get(bff.url);
    if (next.res.statusCode === 200 && next.res.headers['x-cache'] === 'hit' && sample?.body.equals(next.body)) break;
    if (Date.now() > deadline) throw new Error(`no settled cached car list (last: ${next.res.statusCode})`);
    sample = next;
  }
  writeFileSync(join(staticDir, 'page.html'), sample.body);
  writeFileSync(join(staticDir, 'headers.conf'), addHeaders(sample.res.headers));
  // The static side in the same nginx (one worker), with nginx's own ETag and Last-Modified off: the BFF's are replayed.
  edge = await startEdgeNginx(
    [Number(new URL(bff.url).port)],
    `server {
      listen 127.0.0.1:${staticPort};
      root ${staticDir};
      etag off;
      location / {
        try_files /page.html =404;
        types {}
        default_type "${String(sample.res.headers['content-type'])}";
        add_header Last-Modified "";
        include ${staticDir}/headers.conf;
      }
    }`,
  );
  // Stored from its second request on (proxy_cache_min_uses 2).
  await get(edge.url);
  await get(edge.url);
  const cached = await get(edge.url);
  if (cached.res.headers['x-cache-status'] !== 'HIT' || !cached.body.equals(sample.body))
    throw new Error(`the edge did not keep the car list (${String(cached.res.headers['x-cache-status'])})`);
  const staticCopy = await get(`http://127.0.0.1:${staticPort}`);
  if (!staticCopy.body.equals(sample.body)) throw new Error('the static file is not the bytes the edge sends');

  const runs: { edge: Load[]; static: Load[] } = { edge: [], static: [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const side of round % 2 === 0 ? (['edge', 'static'] as const) : (['static', 'edge'] as const))
      runs[side].push(await load(side === 'edge' ? `${edge.url}${path}` : `http://127.0.0.1:${staticPort}${path}`));
  const edgeRps = median(runs.edge.map((l) => l.rps));
  const staticRps = median(runs.static.map((l) => l.rps));
  const errors = [...runs.edge, ...runs.static].reduce((sum, l) => sum + l.errors, 0);
  const ratio = edgeRps / staticRps;
  if (ratio < TARGET_RATIO || errors > 0) failed = true;
  console.log(
    `car list, ${(sample.body.length / 1024).toFixed(1)} KB br, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_MS} ms each, medians`,
  );
  console.table({
    'edge cache (nginx proxy_cache)': {
      'req/s': Math.round(edgeRps),
      'p50 ms': median(runs.edge.map((l) => l.p50)).toFixed(2),
      'p99 ms': median(runs.edge.map((l) => l.p99)).toFixed(2),
    },
    'static file (same nginx, same bytes)': {
      'req/s': Math.round(staticRps),
      'p50 ms': median(runs.static.map((l) => l.p50)).toFixed(2),
      'p99 ms': median(runs.static.map((l) => l.p99)).toFixed(2),
    },
  });
  console.log(
    `ratio edge/static: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}); errors: ${errors}`,
  );

  // An editor's answer (personal cookie, Set-Cookie, private) must never come from the edge, nor reach a shopper.
  let shared = 0;
  for (let i = 0; i < PERSONAL_TRIES; i++) {
    const editor = await get(edge.url, { cookie: `content_preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}` });
    const shopper = await get(edge.url);
    if (editor.res.headers['x-cache-status'] !== 'BYPASS') shared++;
    const { 'set-cookie': cookie, 'x-robots-tag': robots, 'cache-control': cacheControl } = shopper.res.headers;
    if (cookie !== undefined || robots !== undefined || !String(cacheControl).startsWith('public')) shared++;
  }
  if (shared > 0) failed = true;
  console.log(`personal answers shared: ${shared} of ${PERSONAL_TRIES} editor/shopper pairs`);
} finally {
  await edge?.stop();
  rmSync(staticDir, { recursive: true, force: true });
  await stop();
}
process.exit(failed ? 1 : 0);
