/**
 * npm run bench:redirects — compile time and lookup latency of the redirect engine on the shipped
 * tables and on 10,000 generated rules, against a linear scan over every compiled path-to-regexp
 * matcher. Targets at 10k rules: compile < 300 ms, median < 2 µs, >= 100x faster than the scan.
 */
import { match, type MatchFunction } from 'path-to-regexp';
import { compileRedirects, type CompiledRedirects } from '../../server/redirects/compile-redirects.js';
import { loadRedirects } from '../../server/redirects/load-redirects.js';
import { parseRedirectTable, type RedirectTable } from '../../server/redirects/redirect-table.js';
import { parseRequestTarget } from '../../server/redirects/request-path.js';
import { resolveRedirect } from '../../server/redirects/resolve-redirect.js';
import type { MarketId } from '../../markets/schema.js';

const REPEAT = 16; // each path is timed as the mean of this many calls: hrtime is too coarse for one
const SAMPLE_PATHS = 2_000;

/** Deterministic PRNG so runs are comparable. */
function prng(seed: number): () => number {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** A realistic mix: ~70% exact legacy pages, ~20% {param} rules, ~10% {path*} sections. */
function generateTable(count: number): { text: string; hits: string[]; misses: string[] } {
  const random = prng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const areas = [
    'used',
    'new',
    'offers',
    'service',
    'parts',
    'fleet',
    'finance',
    'news',
    'dealer',
    'stock',
    'media',
    'about',
  ];
  const brands = [
    'audi',
    'bmw',
    'ford',
    'kia',
    'mini',
    'nissan',
    'seat',
    'skoda',
    'toyota',
    'volkswagen',
    'volvo',
    'mercedes-benz',
    'hyundai',
    'cupra',
    'byd',
  ];
  const lines: string[] = [];
  const hits: string[] = [];
  for (let i = 0; i < count; i++) {
    const area = `${pick(areas)}-${i % 97}`;
    const brand = pick(brands);
    const kind = random();
    if (kind < 0.7) {
      lines.push(`/${area}/${brand}/page-${i}  /buy-car/used-cars/${brand}?ref=${i}`);
      hits.push(`/${area}/${brand}/page-${i}?utm_source=mail`);
    } else if (kind < 0.9) {
      lines.push(`/${area}/${brand}-${i}/{model}  /buy-car/new-cars/${brand}/{model}`);
      hits.push(`/${area}/${brand}-${i}/model-${i % 13}`);
    } else {
      lines.push(`/${area}/archive-${i}/{path*}  /news-and-events/{path*}`);
      hits.push(`/${area}/archive-${i}/2019/${brand}/article-${i}`);
    }
  }
  const misses = hits.map((path, i) => path.replace(/^\/([^/]+)\//, `/$1/missing-${i}-`));
  return { text: lines.join('\n'), hits, misses };
}

function timeLookups(paths: string[], lookup: (path: string) => unknown): { median: number; p99: number } {
  const perPath: number[] = [];
  for (const path of paths) {
    const start = process.hrtime.bigint();
    for (let r = 0; r < REPEAT; r++) lookup(path);
    perPath.push(Number(process.hrtime.bigint() - start) / REPEAT / 1_000);
  }
  perPath.sort((a, b) => a - b);
  return { median: perPath[Math.floor(perPath.length / 2)]!, p99: perPath[Math.floor(perPath.length * 0.99)]! };
}

function linearScanner(tables: RedirectTable[]): (path: string) => unknown {
  // Every rule's own matcher, exact sources included: what a naive router does per request.
  const matchers: MatchFunction<object>[] = tables.flatMap((t) =>
    t.rules.map((rule) => {
      const source = rule.source;
      return (
        source.matcher ??
        match(source.exactPath!.replace(/[{}()[\]+?!:*\\]/g, '\\$&'), { decode: false, trailing: false })
      );
    }),
  );
  return (path) => {
    const target = parseRequestTarget(path);
    let found: unknown = null;
    if (target) for (const matcher of matchers) found = matcher(target.path) || found; // all of them: precedence needs every match
    return found;
  };
}

function bench(
  label: string,
  compile: () => { compiled: CompiledRedirects; tables: RedirectTable[] },
  marketId: MarketId,
  hits: string[],
  misses: string[],
): void {
  // Median of 5 compiles after a warm-up: the figure is compile work, not module JIT or a stray GC.
  compile();
  const compileTimes: number[] = [];
  let last = compile();
  for (let i = 0; i < 5; i++) {
    const startedAt = performance.now();
    last = compile();
    compileTimes.push(performance.now() - startedAt);
  }
  const { compiled, tables } = last;
  const compileMs = compileTimes.sort((a, b) => a - b)[2]!;
  const ruleCount = tables.reduce((n, t) => n + t.rules.length, 0);
  const resolve = (path: string) => resolveRedirect(compiled, marketId, path);
  const missed = hits.filter((p) => !resolve(p)).length + misses.filter((p) => resolve(p)).length;
  for (let i = 0; i < 3; i++) timeLookups(hits.slice(0, 500), resolve); // JIT warm-up
  const hit = timeLookups(hits, resolve);
  const miss = timeLookups(misses, resolve);
  const scan = linearScanner(tables);
  const scanPaths = [...hits.slice(0, 200), ...misses.slice(0, 200)];
  timeLookups(scanPaths.slice(0, 20), scan);
  const scanned = timeLookups(scanPaths, scan);
  const indexedMedian = timeLookups(scanPaths, resolve).median;
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(`\n${label}: ${ruleCount} rules${missed ? `  (!) ${missed} paths resolved unexpectedly` : ''}`);
  console.log(`  parse + compile        ${compileMs.toFixed(1)} ms (median of 5; min ${compileTimes[0]!.toFixed(1)})`);
  console.log(`  hit   median/p99 µs   ${f(hit.median)} ${f(hit.p99)}`);
  console.log(`  miss  median/p99 µs   ${f(miss.median)} ${f(miss.p99)}`);
  console.log(
    `  linear scan median/p99 µs ${f(scanned.median)} ${f(scanned.p99)}   (same hit+miss mix, indexed median ${indexedMedian.toFixed(2)} µs)`,
  );
  console.log(`  indexed is ${(scanned.median / indexedMedian).toFixed(0)}x faster than the linear scan (median)`);
}

const shipped = () => {
  const compiled = loadRedirects('redirects');
  return {
    compiled,
    tables: [...compiled.markets.values()].map((m) => ({ name: m.table, rules: m.index.rules.map((c) => c.rule) })),
  };
};
const ukHits = [
  '/used/bmw/x5',
  '/bmw/insurance/gap-insurance',
  '/used-cars/audi/a3',
  '/book-a-service',
  '/vehicle-search?type=new',
  '/find-us/bmw-hull',
  '/kia/offers/summer-2021',
  '/Sell-Your-Car/',
];
const ukMisses = [
  '/buy-car/used-cars/bmw',
  '/find-us',
  '/sell-car',
  '/service-and-parts/bmw/servicing',
  '/news-and-events',
  '/buy-car/car/123/bmw-x5',
  '/legal/privacy-policy',
  '/',
];
const repeatTo = (list: string[], n: number) => Array.from({ length: n }, (_, i) => list[i % list.length]!);
bench('shipped tables (UK lookups)', shipped, 'uk', repeatTo(ukHits, SAMPLE_PATHS), repeatTo(ukMisses, SAMPLE_PATHS));

const generated = generateTable(10_000);
bench(
  '10,000 generated rules',
  () => {
    const table = parseRedirectTable('generated', generated.text);
    return { compiled: compileRedirects([{ marketId: 'uk', table }]), tables: [table] };
  },
  'uk',
  generated.hits.slice(0, SAMPLE_PATHS),
  generated.misses.slice(0, SAMPLE_PATHS),
);
