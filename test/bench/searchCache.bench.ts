// npm run bench:cache — latency of a search through the BFF answered from the cache against one
// that goes to the search service (the sandbox over loopback), with Redis when it answers.
import { request } from 'undici';
import { startTestStack } from '../support/testStack.js';
import { testRedisUrl } from '../support/testRedis.js';

const ROUNDS = 300;
/** As a browser asks (the car list island's searches go through fetch, which sends this). */
const ACCEPT_ENCODING = 'br, gzip';
const redisUrl = process.env.REDIS_URL ?? testRedisUrl;
const { bff, stop } = await startTestStack({ bff: 'server', redis: redisUrl });
// Node does not resolve *.localhost: connect to loopback and name the market in the Host header
// (undici's request, since fetch does not let a caller set Host).
const endpoint = `${bff.url}/api/search`;
await new Promise((r) => setTimeout(r, 300)); // let Redis connect

async function timedSearch(body: object): Promise<{ ms: number; cache: string; sent: string }> {
  const started = performance.now();
  const res = await request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'se.localhost', 'accept-encoding': ACCEPT_ENCODING },
    body: JSON.stringify(body),
  });
  const sent = `${((await res.body.arrayBuffer()).byteLength / 1024).toFixed(0)} KB ${String(res.headers['content-encoding'] ?? 'identity')}`;
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
  return { ms: performance.now() - started, cache: String(res.headers['x-cache']), sent };
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
/** What was sent, by answer kind: size and encoding, counted. */
const sent = { uncached: new Map<string, number>(), cached: new Map<string, number>() };
const count = (map: Map<string, number>, what: string) => map.set(what, (map.get(what) ?? 0) + 1);
const runSalt = Math.floor(Math.random() * 1e6) * 1000;
for (let i = 0; i < ROUNDS; i++) {
  const miss = await timedSearch(listPage(runSalt + i));
  if (miss.cache !== 'miss' && miss.cache !== 'bypass') throw new Error(`expected a miss, got ${miss.cache}`);
  uncached.push(miss.ms);
  count(sent.uncached, miss.sent);
  const hit = await timedSearch(listPage(runSalt + i));
  if (hit.cache !== 'hit') throw new Error(`expected a hit, got ${hit.cache}`);
  cached.push(hit.ms);
  count(sent.cached, hit.sent);
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const mostOften = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what} ×${n}`)
    .join(', ');
const row = (name: 'uncached' | 'cached', values: number[]) =>
  `${name.padEnd(10)} median ${quantile(values, 0.5).toFixed(2).padStart(7)} ms   p95 ${quantile(values, 0.95).toFixed(2).padStart(7)} ms   sent ${mostOften(sent[name])}`;
console.log(
  `search through the BFF, ${ROUNDS} list-page queries (48 cars, 7 facets), accept-encoding: ${ACCEPT_ENCODING}, cache store: ${bff.config.redisUrl ? 'redis' : 'memory'}`,
);
console.log(row('uncached', uncached));
console.log(row('cached', cached));
console.log(`ratio      median uncached / cached = ${(quantile(uncached, 0.5) / quantile(cached, 0.5)).toFixed(1)}x`);
await stop();
