// The load generator of bench:pages, in a worker thread so it does not share the event loop of the
// servers it measures: `connections` keep-alive connections, each sending its next request as soon
// as the last answer is read, for `durationMs` after `warmupMs`. Posts { requests, rps, p50, p99 } (ms).
// With `randomParameter`, every request adds that parameter with a value never sent before (cache busting).
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

const { url, host, acceptEncoding, connections, warmupMs, durationMs, randomParameter } = workerData;
const target = new URL(url);
const pool = new Pool(target.origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
const headers = { host, 'accept-encoding': acceptEncoding };
const latencies = [];
let errors = 0;
let measuring = false;
let sent = 0;
const pathOf = () => {
  const path = target.pathname + target.search;
  if (!randomParameter) return path;
  return `${path}${target.search ? '&' : '?'}${randomParameter}=${(sent++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
};

async function connection(until) {
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const res = await pool.request({ path: pathOf(), method: 'GET', headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) errors++;
    } catch {
      errors++;
    }
    if (measuring) latencies.push(performance.now() - started);
  }
}

const warmEnd = performance.now() + warmupMs;
await Promise.all(Array.from({ length: connections }, () => connection(warmEnd)));
measuring = true;
const start = performance.now();
await Promise.all(Array.from({ length: connections }, () => connection(start + durationMs)));
const elapsed = performance.now() - start;
await pool.close();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
parentPort.postMessage({ requests: latencies.length, errors, rps: (latencies.length / elapsed) * 1000, p50: at(0.5), p99: at(0.99) });
