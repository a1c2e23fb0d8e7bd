// The load generator of the benches, in a worker thread so it does not share the event loop of the
// servers it measures: `connections` keep-alive connections, each sending its next request as soon
// as the last answer is read, for `durationMs` after `warmupMs`. Posts { requests, rps, p50, p99 } (ms),
// the errors (answers other than 200 and 304, or none) and the count of each status.
// With `randomParameter`, every request adds that parameter with a value never sent before (cache busting).
// With `paths`, requests go to each path in turn instead of the URL's own, each once when `once` is set
// (no warm-up then: the run ends when the last path is answered). `headers` are added to every request;
// `addresses` are sent in turn as X-Forwarded-For (clients behind a trusted proxy). Any message from
// the parent ends the run early (a prober that runs while another load lasts).
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

const { url, host, acceptEncoding, connections, warmupMs, durationMs, randomParameter, paths, once, addresses } =
  workerData;
const target = new URL(url);
const pool = new Pool(target.origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
const headers = { host, 'accept-encoding': acceptEncoding, ...workerData.headers };
const latencies = [];
const statuses = {};
let errors = 0;
let measuring = false;
let sent = 0;
let stopped = false;
parentPort.once('message', () => (stopped = true));
const pathOf = () => {
  if (paths) return paths[sent++ % paths.length];
  const path = target.pathname + target.search;
  if (!randomParameter) return path;
  return `${path}${target.search ? '&' : '?'}${randomParameter}=${(sent++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
};
const headersOf = () => (addresses ? { ...headers, 'x-forwarded-for': addresses[sent % addresses.length] } : headers);

async function connection(until) {
  while (performance.now() < until && !stopped && !(once && sent >= paths.length)) {
    const started = performance.now();
    try {
      const requestHeaders = headersOf();
      const res = await pool.request({ path: pathOf(), method: 'GET', headers: requestHeaders });
      await res.body.arrayBuffer();
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode !== 200 && res.statusCode !== 304) errors++;
    } catch {
      errors++;
    }
    if (measuring) latencies.push(performance.now() - started);
  }
}

if (!once) {
  const warmEnd = performance.now() + warmupMs;
  await Promise.all(Array.from({ length: connections }, () => connection(warmEnd)));
}
measuring = true;
const start = performance.now();
await Promise.all(Array.from({ length: connections }, () => connection(once ? Infinity : start + durationMs)));
const elapsed = performance.now() - start;
await pool.close();
parentPort.removeAllListeners('message');
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
parentPort.postMessage({
  requests: latencies.length,
  errors,
  statuses,
  rps: (latencies.length / elapsed) * 1000,
  p50: at(0.5),
  p99: at(0.99),
  elapsedMs: elapsed,
});
