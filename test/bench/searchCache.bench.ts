// npm run bench:cache — latency of a search through the BFF answered from the cache against one
// that goes to the search service (the sandbox over loopback), with Redis when it answers.
import { request } from 'undici';
import { startRunningBff } from '../support/runningBff.js';

const ROUNDS = 300;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const bff = await startRunningBff({ REDIS_URL: redisUrl });
// Node does not resolve *.localhost: connect to loopback and name the market in the Host header
// (undici's request, since fetch does not let a caller set Host).
const endpoint = `${bff.url}/api/search`;
await new Promise((r) => setTimeout(r, 300)); // let Redis connect

async function timedSearch(body: object): Promise<{ ms: number; cache: string }> {
  const started = performance.now();
  const res = await request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', host: 'se.localhost' }, body: JSON.stringify(body) });
  await res.body.arrayBuffer();
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
  return { ms: performance.now() - started, cache: String(res.headers['x-cache']) };
}

const listPage = (salt: number) => ({
  index: 'cars',
  facets: ['car_brand', 'car_fuel', 'car_body', 'car_gearbox', 'car_price', 'car_mileage', 'car_year'],
  filters: [{ field: 'car_price', values: [0, 5_000_000 + salt] }],
  limit: 48,
  sort_name: 'newest',
});

// Warm the sandbox's data and the connection pools.
for (let i = 0; i < 20; i++) await timedSearch(listPage(-1 - i));

const uncached: number[] = [];
const cached: number[] = [];
const runSalt = Math.floor(Math.random() * 1e6) * 1000;
for (let i = 0; i < ROUNDS; i++) {
  const miss = await timedSearch(listPage(runSalt + i));
  if (miss.cache !== 'miss' && miss.cache !== 'bypass') throw new Error(`expected a miss, got ${miss.cache}`);
  uncached.push(miss.ms);
  const hit = await timedSearch(listPage(runSalt + i));
  if (hit.cache !== 'hit') throw new Error(`expected a hit, got ${hit.cache}`);
  cached.push(hit.ms);
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const row = (name: string, values: number[]) =>
  `${name.padEnd(10)} median ${quantile(values, 0.5).toFixed(2).padStart(7)} ms   p95 ${quantile(values, 0.95).toFixed(2).padStart(7)} ms`;
console.log(`search through the BFF, ${ROUNDS} list-page queries (48 cars, 7 facets), cache store: ${bff.config.redisUrl ? 'redis' : 'memory'}`);
console.log(row('uncached', uncached));
console.log(row('cached', cached));
console.log(`ratio      median uncached / cached = ${(quantile(uncached, 0.5) / quantile(cached, 0.5)).toFixed(1)}x`);
await bff.shutdown('bench over');
