// npm run bench:images — the picture pipeline (server/media/, docs/pictures.md) in one run on this machine:
// the compiled BFF in a process of its own (so RSS and event-loop lag are its alone) with its own
// redis-server, and the sandbox in another, whose media service sends the photographs (1600×1200 car
// JPEGs of 270–280 KB, named by versioned URLs from its search index, each made there once before it is
// measured, so the sandbox's making is never timed). Measures
//  1. a cold 1600→640 WebP through the BFF against the same in a bare sharp script (fetch + transform);
//  2. a cached variant's requests/s against a cached page's;
//  3. BENCH_IMAGE_URLS (2,000) distinct valid variant URLs from one client, then from 50 addresses
//     (TRUST_PROXY, X-Forwarded-For): car photos at every width and quality of the allow-list (30 variants
//     a photo, so about 70 photos a flood); RSS, event-loop lag p99 and a cached page's p99 meanwhile;
//  4. heavy originals (test/bench/heavyOriginals.ts): 12 and 16 MP AVIF, a 16-bit PNG, HEIC, four at once,
//     repeated; the BFF's highest RSS (with its decode processes) against MEMORY_BUDGET_MB. BENCH_IMAGES_ONLY=heavy
//     runs it alone, BENCH_CGROUP=<cgroup v1 memory dir> starts the BFF in that group (docs/pictures.md).
//  5–7. crowds and fair places (test/bench/imagesFairness.ts): 50 browsers behind one address, a fifth
//     client's new pictures while four addresses flood, a shopper's AVIF while one address floods.
//     BENCH_IMAGES_ONLY=fair runs them alone.
//  8. a cached page during a cold AVIF wave against the same page with nothing in the background
//     (test/bench/imagesBackground.ts). BENCH_IMAGES_ONLY=background runs it alone.
// Exits 1 when a target of issue 30 is missed. BENCH_ALLOCATOR=glibc|jemalloc picks the allocator
// (default: the Dockerfile's). Figures are only comparable within one run. Stops by itself.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { IMAGE_QUALITIES, IMAGE_WIDTHS } from '../../contracts/imageVariants.js';
import type { Car } from '../../contracts/upstream/search.js';
import { ALLOCATOR_ENV } from '../../server/allocatorSettings.js';
import { loadConfig } from '../../server/config.js';
import { freePort } from '../../scripts/stack/freePort.js';
import { ensureClientBuild } from '../../scripts/stack/samplePages.js';
import { startStack, upstreamEnvOf } from '../../scripts/stack/startStack.js';
import { heavyOriginalsPhase } from './heavyOriginals.js';
import { backgroundWavePhase } from './imagesBackground.js';
import { fairnessPhases } from './imagesFairness.js';
import { atLeast, median } from './rounds.js';

const URLS = Number(process.env.BENCH_IMAGE_URLS ?? 2_000);
const CONNECTIONS = 16;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4_000);
const COLD_RUNS = 15;
const TARGET = { coldRatio: 0.9, rssMb: 256, lagP99Ms: 50, pageP99Ms: 20 };
/** The allocators the container may run with: the Dockerfile's glibc settings, or jemalloc preloaded. */
const ALLOCATORS = {
  glibc: ALLOCATOR_ENV,
  jemalloc: {
    LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
    MALLOC_CONF: 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0',
  },
} as const;
const allocator = (process.env.BENCH_ALLOCATOR ?? dockerfileAllocator()) as keyof typeof ALLOCATORS;
/** What Chrome sends for an <img>: AVIF first, so new variants also queue their AVIF in the background. */
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const HOST = 'se.localhost';

function dockerfileAllocator(): keyof typeof ALLOCATORS {
  return /LD_PRELOAD=\S*jemalloc/.test(readFileSync('Dockerfile', 'utf8')) ? 'jemalloc' : 'glibc';
}

interface LoadResult {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  rps: number;
  p50: number;
  p99: number;
  elapsedMs: number;
}

function load(
  origin: string,
  options: {
    path?: string;
    paths?: string[];
    headers?: Record<string, string>;
    addresses?: string[];
    connections?: number;
    durationMs?: number;
  },
): { done: Promise<LoadResult>; stop(): void } {
  const worker = new Worker(new URL('./loadWorker.mjs', import.meta.url), {
    workerData: {
      url: origin + (options.path ?? '/'),
      host: HOST,
      acceptEncoding: 'br, gzip',
      connections: options.connections ?? CONNECTIONS,
      warmupMs: options.paths ? 0 : 500,
      durationMs: options.durationMs ?? DURATION_MS,
      paths: options.paths,
      once: options.paths !== undefined,
      headers: options.headers ?? {},
      addresses: options.addresses,
    },
  });
  const done = new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { done, stop: () => worker.postMessage('stop') };
}

async function main(): Promise<void> {
  ensureClientBuild();
  if (spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' }).status !== 0)
    throw new Error('npm run build:server failed');
  const metricsPort = await freePort();
  const env = {
    ...ALLOCATORS[allocator],
    NODE_ENV: 'production',
    DEV_HOSTS: 'true',
    LOG_LEVEL: 'warn',
    MEMORY_BUDGET_MB: String(TARGET.rssMb),
    TRUST_PROXY: '1',
    METRICS_PORT: String(metricsPort),
    PAGE_CACHE_TTL_S: '600',
  };
  const { memory } = loadConfig({ ...process.env, ...upstreamEnvOf('http://127.0.0.1:9'), ...env });
  // BENCH_CGROUP: the BFF (and its decode processes) start inside that cgroup v1 memory group (docs/pictures.md).
  const cgroup = process.env.BENCH_CGROUP;
  // Its own redis-server, the sandbox in a process of its own, the compiled BFF in another.
  const stack = await startStack({
    redis: 'own',
    sandbox: 'process',
    bff: 'process',
    env,
    spawn: {
      entry: 'dist/server/main.js',
      nodeArgs: memory.v8Flags,
      launcher: cgroup ? ['sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup] : [],
      output: 'inherit',
    },
  });
  process.once('SIGINT', () => void stack.stop().then(() => process.exit(130)));
  try {
    await stack.bff.ready(120_000);
    await run(stack.bff.url, `http://127.0.0.1:${metricsPort}`, stack.bff.child.pid!, stack.sandbox.url);
  } finally {
    await stack.stop();
  }
  // Keep-alive sockets to the sandbox would hold the process open a while.
  process.exit(process.exitCode ?? 0);
}

/**
 * `count` car photographs of the sandbox (gallery pictures, each a 1600×1200 JPEG) after the first `skip`, as
 * paths under /media with their version, each made at the sandbox now (two at a time), so that what is timed
 * later is the BFF's work.
 */
async function sandboxPhotos(sandbox: string, count: number, skip = 0): Promise<string[]> {
  const photos: string[] = [];
  for (const index of ['cars-se', 'cars-uk', 'cars-no', 'cars-fi', 'cars-dk']) {
    const res = await request(`${sandbox}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index, limit: 100 }),
    });
    const cars = ((await res.body.json()) as { content?: Car[] }).content ?? [];
    for (const url of cars.flatMap((car) => car.car_images)) photos.push(new URL(url).pathname + new URL(url).search);
    if (photos.length >= skip + count) break;
  }
  if (photos.length < skip + count)
    throw new Error(`the sandbox names ${photos.length} car photos, ${skip + count} wanted`);
  const wanted = photos.slice(skip, skip + count);
  for (let i = 0; i < wanted.length; i += 2) {
    await Promise.all(
      wanted.slice(i, i + 2).map(async (path) => {
        const res = await request(`${sandbox}${path}`);
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`sandbox photo ${path}: ${res.statusCode}`);
      }),
    );
  }
  return wanted;
}

/** The BFF's URL of a photo (a path with its `?v=`) at a width and quality of the allow-list. */
const variantOf = (photo: string, width: number, quality = 75) => `${photo}&w=${width}&q=${quality}`;

async function get(origin: string, path: string, headers: Record<string, string> = {}) {
  const res = await request(origin + path, { headers: { host: HOST, 'accept-encoding': 'br, gzip', ...headers } });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

/** Phases 5–7 (test/bench/imagesFairness.ts) on the sandbox's photos after the first `used`. */
function fairPhases(origin: string, metricsOrigin: string, sandbox: string, used: number) {
  return fairnessPhases({
    origin,
    metricsOrigin,
    host: HOST,
    chromeAccept: CHROME_ACCEPT,
    newPhotos: async (count) => {
      const got = await sandboxPhotos(sandbox, count, used);
      used += count;
      return got;
    },
    load: (options) => load(origin, options),
  });
}

/** Phase 8 (test/bench/imagesBackground.ts) on the sandbox's photos after the first `used`. */
function backgroundPhase(origin: string, metricsOrigin: string, pid: number, sandbox: string, used: number) {
  return backgroundWavePhase({
    pid,
    origin,
    metricsOrigin,
    host: HOST,
    chromeAccept: CHROME_ACCEPT,
    newPhotos: async (count) => {
      const got = await sandboxPhotos(sandbox, count, used);
      used += count;
      return got;
    },
  });
}

async function run(origin: string, metricsOrigin: string, pid: number, sandbox: string): Promise<void> {
  const rows: string[][] = [];
  const misses: string[] = [];
  // BENCH_IMAGES_ONLY=heavy: the heavy-originals phase alone (the 256 MB cgroup run of docs/pictures.md).
  if (process.env.BENCH_IMAGES_ONLY === 'heavy') {
    const heavy = await heavyOriginalsPhase(origin, metricsOrigin, pid, sandbox, TARGET.rssMb);
    return report(heavy.rows, heavy.misses);
  }
  // BENCH_IMAGES_ONLY=fair: the crowd and fair-places phases alone.
  if (process.env.BENCH_IMAGES_ONLY === 'fair') {
    const fair = await fairPhases(origin, metricsOrigin, sandbox, 0);
    return report(fair.rows, fair.misses);
  }
  // BENCH_IMAGES_ONLY=background: a cached page during a cold AVIF wave, alone.
  if (process.env.BENCH_IMAGES_ONLY === 'background') {
    const background = await backgroundPhase(origin, metricsOrigin, pid, sandbox, 0);
    return report(background.rows, background.misses);
  }
  const perFlood = Math.ceil(URLS / (IMAGE_WIDTHS.length * IMAGE_QUALITIES.length));
  const photos = await sandboxPhotos(sandbox, COLD_RUNS + 2 + 2 * perFlood);
  const cold = photos.slice(0, COLD_RUNS + 2);
  // Each picture is made once here as in the BFF: libvips' cache would give a repeated transform back.
  sharp.cache(false);

  // 1. Cold 1600→640 WebP: a bare sharp script (fetching the original as the BFF does, and without) against the BFF, on the same photos.
  const bareTransform: number[] = [];
  const bareFetched: number[] = [];
  const toWebp = (bytes: Buffer) =>
    sharp(bytes).rotate().resize({ width: 640, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  const bare = async (i: number, photo: string) => {
    let started = performance.now();
    const fetched = Buffer.from(await (await request(`${sandbox}${photo}`)).body.arrayBuffer());
    await toWebp(fetched);
    if (i >= 2) bareFetched.push(performance.now() - started);
    started = performance.now();
    await toWebp(fetched);
    if (i >= 2) bareTransform.push(performance.now() - started);
  };
  const throughBff: number[] = [];
  const viaBff = async (i: number, photo: string) => {
    const started = performance.now();
    const res = await get(origin, variantOf(photo, 640), { accept: 'image/webp' });
    if (res.status !== 200 || res.headers['content-type'] !== 'image/webp')
      throw new Error(`cold variant: ${res.status} ${String(res.headers['content-type'])}`);
    if (i >= 2) throughBff.push(performance.now() - started);
  };
  // In alternating turns, photo by photo (bare first, then the BFF first, ...): the machine's drift weighs on both.
  for (const [i, photo] of cold.entries()) {
    if (i % 2 === 0) await bare(i, photo).then(() => viaBff(i, photo));
    else await viaBff(i, photo).then(() => bare(i, photo));
  }
  // The BFF's own time for those transforms (its histogram): what is left is the request's way through processes and Redis.
  const histogram = await (await request(`${metricsOrigin}/metrics`)).body.text();
  const histogramValue = (suffix: string) =>
    Number(
      new RegExp(`^bff_image_transform_duration_seconds_${suffix}\\{format="webp"\\} ([\\d.e+-]+)`, 'm').exec(
        histogram,
      )?.[1] ?? NaN,
    );
  const bffTransformMs = (histogramValue('sum') / histogramValue('count')) * 1000;
  const coldRatio = median(bareFetched) / median(throughBff);
  const speed = (ms: number[]) => ms.map((m) => 1 / m);
  if (!atLeast(speed(throughBff), speed(bareFetched), TARGET.coldRatio))
    misses.push(`cold ratio ${coldRatio.toFixed(2)} < ${TARGET.coldRatio}`);
  rows.push(['cold 1600→640 WebP, bare sharp (transform only)', `${median(bareTransform).toFixed(1)} ms`, '']);
  rows.push(['cold 1600→640 WebP, bare sharp (fetch + transform)', `${median(bareFetched).toFixed(1)} ms`, '']);
  rows.push([
    'cold 1600→640 WebP through the BFF',
    `${median(throughBff).toFixed(1)} ms`,
    `bare/BFF ${coldRatio.toFixed(2)} (target ≥ ${TARGET.coldRatio})`,
  ]);
  rows.push(['  of which the transform in the BFF (mean)', `${bffTransformMs.toFixed(1)} ms`, '']);

  // AVIF's cost here, at the widths a page asks for most (the reason it is made in the background).
  const original = Buffer.from(await (await request(`${sandbox}${cold[0]}`)).body.arrayBuffer());
  for (const width of [384, 640, 1080]) {
    const timed = async (encode: (s: Sharp) => Sharp) => {
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        bytes = (await encode(sharp(original).rotate().resize({ width })).toBuffer()).length;
        ms.push(performance.now() - started);
      }
      return `${median(ms).toFixed(0)} ms ${(bytes / 1024).toFixed(0)} KB`;
    };
    rows.push([
      `1600→${width}: WebP q75 / AVIF q50 effort 2 / effort 4`,
      [
        await timed((s) => s.webp({ quality: 75 })),
        await timed((s) => s.avif({ quality: 50, effort: 2 })),
        await timed((s) => s.avif({ quality: 50, effort: 4 })),
      ].join(' / '),
      '',
    ]);
  }

  // 2. A cached variant against a cached page.
  // Made in step 1, so a hit in this process's store.
  const cachedVariant = variantOf(cold.at(-1)!, 640);
  await get(origin, cachedVariant, { accept: 'image/webp' });
  for (let i = 0; i < 50; i++) {
    const page = await get(origin, '/');
    if (page.headers['x-cache'] === 'hit') break;
    await sleep(100);
  }
  const variantLoad = await load(origin, { path: cachedVariant, headers: { accept: 'image/webp' } }).done;
  const pageLoad = await load(origin, { path: '/' }).done;
  rows.push([
    'cached variant (640 WebP)',
    `${variantLoad.rps.toFixed(0)} req/s, p99 ${variantLoad.p99.toFixed(1)} ms`,
    `variant/page ${(variantLoad.rps / pageLoad.rps).toFixed(2)}`,
  ]);
  rows.push(['cached page (home)', `${pageLoad.rps.toFixed(0)} req/s, p99 ${pageLoad.p99.toFixed(1)} ms`, '']);

  // 3. Distinct variants from one client, then from 50 addresses, a cached page asked for meanwhile.
  const variants = IMAGE_WIDTHS.flatMap((width) => IMAGE_QUALITIES.map((quality) => [width, quality] as const));
  /** The `n`th flood's URLs: photos of its own, each at every width and quality, one photo after another in turn. */
  const distinct = (n: number) => {
    const own = photos.slice(cold.length + n * perFlood, cold.length + (n + 1) * perFlood);
    return Array.from({ length: URLS }, (_, i) =>
      variantOf(own[i % own.length]!, ...variants[Math.floor(i / own.length)]!),
    );
  };
  for (const [n, flood] of [
    { name: `${URLS} new variants, one client`, addresses: ['203.0.113.10'] },
    {
      name: `${URLS} new variants, 50 addresses`,
      addresses: Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`),
    },
  ].entries()) {
    const rss: number[] = [];
    const lag: number[] = [];
    /** Where the memory was at each scrape: V8 heap reserved, Buffers outside it, RSS. */
    const breakdown: { rss: number; heap: number; external: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      for (let tick = 0; sampling; tick++) {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
        if (tick % 2 === 1) {
          const text = await (await request(`${metricsOrigin}/metrics`)).body.text();
          const value = (name: string) =>
            Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024;
          lag.push(Number(/^bff_event_loop_lag_seconds\{quantile="0.99"\} ([\d.e+-]+)/m.exec(text)?.[1] ?? NaN) * 1000);
          breakdown.push({
            rss: value('process_resident_memory_bytes'),
            heap: value('nodejs_heap_size_total_bytes'),
            external: value('nodejs_external_memory_bytes'),
          });
        }
        await sleep(500);
      }
    })();
    const prober = load(origin, { path: '/', connections: 2, durationMs: 3_600_000 });
    const started = performance.now();
    const flooded = await load(origin, {
      paths: distinct(n),
      headers: { accept: CHROME_ACCEPT },
      addresses: flood.addresses,
    }).done;
    prober.stop();
    const page = await prober.done;
    sampling = false;
    await sampler;
    const seconds = (performance.now() - started) / 1000;
    const rssMax = Math.max(...rss);
    const lagP99 = Math.max(...lag.filter(Number.isFinite));
    const statuses = Object.entries(flooded.statuses)
      .map(([status, count]) => `${count}×${status}`)
      .join(' ');
    if (rssMax > TARGET.rssMb) misses.push(`${flood.name}: RSS ${rssMax.toFixed(0)} MB > ${TARGET.rssMb}`);
    if (lagP99 > TARGET.lagP99Ms)
      misses.push(`${flood.name}: event-loop lag p99 ${lagP99.toFixed(0)} ms > ${TARGET.lagP99Ms}`);
    if (page.p99 > TARGET.pageP99Ms)
      misses.push(`${flood.name}: cached page p99 ${page.p99.toFixed(1)} ms > ${TARGET.pageP99Ms}`);
    rows.push([
      flood.name,
      `${seconds.toFixed(0)} s, ${(flooded.requests / seconds).toFixed(0)} variants/s (${statuses})`,
      '',
    ]);
    rows.push([
      '  RSS highest / at the end',
      `${rssMax.toFixed(0)} / ${rss.at(-1)!.toFixed(0)} MB`,
      `limit ${TARGET.rssMb} MB`,
    ]);
    const top = breakdown.reduce(
      (a, b) => (b.rss > a.rss ? b : a),
      breakdown[0] ?? { rss: NaN, heap: NaN, external: NaN },
    );
    rows.push([
      '  at the highest scrape: heap / Buffers / the rest',
      `${top.heap.toFixed(0)} / ${top.external.toFixed(0)} / ${(top.rss - top.heap - top.external).toFixed(0)} MB of ${top.rss.toFixed(0)}`,
      '',
    ]);
    rows.push(['  event-loop lag p99 (worst 1 s window)', `${lagP99.toFixed(1)} ms`, `target ≤ ${TARGET.lagP99Ms} ms`]);
    rows.push([
      '  cached page meanwhile',
      `p50 ${page.p50.toFixed(1)} ms, p99 ${page.p99.toFixed(1)} ms (${page.requests} requests)`,
      `target p99 ≤ ${TARGET.pageP99Ms} ms`,
    ]);
  }
  // 4. Heavy originals: 12 and 16 MP AVIF, a 16-bit PNG, HEIC, four at once (test/bench/heavyOriginals.ts).
  const heavy = await heavyOriginalsPhase(origin, metricsOrigin, pid, sandbox, TARGET.rssMb);
  rows.push(...heavy.rows);
  misses.push(...heavy.misses);

  // 5–7. Fair places and crowds (test/bench/imagesFairness.ts), each on photos no phase before used.
  const fair = await fairPhases(origin, metricsOrigin, sandbox, photos.length);
  rows.push(...fair.rows);
  misses.push(...fair.misses);
  // 8. A cached page during a cold AVIF wave, on photos after every phase's (the fair phases take at most 200).
  const background = await backgroundPhase(origin, metricsOrigin, pid, sandbox, photos.length + 200);
  rows.push(...background.rows);
  misses.push(...background.misses);
  const metrics = await (await request(`${metricsOrigin}/metrics`)).body.text();
  const transforms = [...metrics.matchAll(/^bff_image_transforms_total\{format="(\w+)",outcome="(\w+)"\} (\d+)/gm)]
    .map((m) => `${m[1]} ${m[2]} ${m[3]}`)
    .join(', ');
  rows.push(['transforms made (all phases)', transforms, '']);
  report(rows, misses);
}

function report(rows: string[][], misses: string[]): void {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(
    `\nPictures: allocator ${allocator}, MEMORY_BUDGET_MB ${TARGET.rssMb}, ${CONNECTIONS} connections, figures of one run on this machine\n`,
  );
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  console.log(
    `\nTargets: cold bare/BFF ≥ ${TARGET.coldRatio}; during the floods RSS ≤ ${TARGET.rssMb} MB, event-loop lag p99 ≤ ${TARGET.lagP99Ms} ms, a cached page's p99 ≤ ${TARGET.pageP99Ms} ms; a crowd behind one address gets every picture; a fifth client's new pictures 200 within 15 s and a shopper's AVIF within 30 s while others flood.`,
  );
  console.log(misses.length ? `Under target: ${misses.join('; ')}` : 'All targets met.');
  process.exitCode = misses.length ? 1 : 0;
}

await main();
