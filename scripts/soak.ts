// `npm run soak -- [seconds]` (default 120): the BFF's real entry point, compiled (dist/server/main.js), with its own
// redis-server and the sandbox in a process of its own (so lag and RSS are the BFF's alone), under mixed traffic on the six markets and 100 open workshop streams, while Redis
// is killed and restarted and upstream faults are injected. Midway, a flood phase: four addresses send
// deep car-list links and maximal searches, each new, as fast as they are answered, while a shopper's
// cached page is timed (issue 31). Prints what happened, the flood's sends by kind, rate and answer; exits 1 on an
// unexpected 5xx, RSS over 256 MB after warm-up or growth over 20 MB, or a flood that sent nothing of a kind.
// 127.0.0.1 only; stops by itself.
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { loadConfig } from '../server/config.js';
import { duringWindow } from './soakPhase.js';
import { freePort } from './stack/freePort.js';
import { startStack, upstreamEnvOf } from './stack/startStack.js';
import { threadCpuSeconds } from './threadCpu.js';
import { floodRequests, send, trafficMix, workshopStream, type Answer } from './soakTraffic.js';

const durationS = Number(process.argv[2] ?? 120);
if (!Number.isFinite(durationS) || durationS < 20) throw new Error('usage: npm run soak -- [seconds ≥ 20]');
const WORKERS = 8;
const STREAMS = 100;
const WARM_UP_S = Math.min(30, durationS / 2);
const REDIS_DOWN_EVERY_S = 20;
const FAULT_EVERY_MS = 2_000;
/** The issue's targets with the default memory budget: RSS from warm-up to the end, and its growth. */
const RSS_LIMIT_MB = 256;
const RSS_GROWTH_LIMIT_MB = 20;
const FAULTS = [
  { status: 503 },
  { latencyMs: 7_000 },
  { reset: true },
  { garbage: true },
  { wrongContentType: true },
  { cut: true },
  { hang: true },
];
const FAULTED_SERVICES = ['search', 'content', 'mechmate', 'tirehotel', 'comhub', 'media'];
/** The flood phase: this many addresses, each with a deep-list loop and a search loop, for a third of the run after warm-up (30 s at most). */
const FLOOD_CLIENTS = 4;
const floodS = Math.min(30, (durationS - Math.min(30, durationS / 2)) / 2);
/** A shopper's cached page, timed every this often through the whole run. */
const CACHED_PAGE = { host: 'se.localhost', path: '/', everyMs: 100 };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Sample {
  lagP99S: number;
  rssBytes: number;
  /** Where the RSS is: V8 heap used and reserved, Buffers outside it, and each cache's own count. */
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  caches: Map<string, number>;
}

async function scrape(origin: string): Promise<Sample> {
  const text = await (await request(`${origin}/metrics`)).body.text();
  const value = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? NaN);
  const caches = new Map(
    [...text.matchAll(/^bff_cache_bytes\{cache="([^"]+)"\} ([\d.e+-]+)/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
  return {
    lagP99S: value('bff_event_loop_lag_seconds\\{quantile="0.99"\\}'),
    rssBytes: value('process_resident_memory_bytes'),
    heapUsedBytes: value('nodejs_heap_size_used_bytes'),
    heapTotalBytes: value('nodejs_heap_size_total_bytes'),
    externalBytes: value('nodejs_external_memory_bytes'),
    caches,
  };
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const metricsPort = await freePort();
  const bffEnv = {
    // As the image runs (React's production build: half the rendering time of its development one), on the markets' dev hosts.
    NODE_ENV: 'production',
    DEV_HOSTS: 'true',
    LOG_LEVEL: 'fatal',
    TRUST_PROXY: '1',
    METRICS_PORT: String(metricsPort),
    UPSTREAM_TIMEOUT_MS: '3000',
    CLIENT_MAX_WORKSHOP_STREAMS: '10000',
    CLIENT_MAX_CONCURRENT_REQUESTS: '100000',
  } as const;
  // Started as the container starts it: the heap limit from the memory budget (server/heapLimit.ts).
  const { memory } = loadConfig({ ...process.env, ...upstreamEnvOf('http://127.0.0.1:9'), ...bffEnv });
  // The compiled server, as the container runs it: under `--import tsx` the loader's own thread and
  // transformed sources add about 60 MB of RSS that production never has.
  if (spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' }).status !== 0)
    throw new Error('npm run build:server failed');
  // SOAK_NODE_ARGS: more of node's flags for the BFF, to see what holds its loop (`--cpu-prof --cpu-prof-dir=/tmp/x`).
  const nodeArgs = (process.env.SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Its own redis-server, killed and started again, and the sandbox in a process of its own (the Dockerfile's
  // allocator settings come with the 'process' kind).
  const stack = await startStack({
    redis: 'own',
    sandbox: 'process',
    bff: 'process',
    env: bffEnv,
    spawn: {
      entry: 'dist/server/main.js',
      nodeArgs: [...memory.v8Flags, ...nodeArgs],
      output: 'inherit',
    },
  });
  const { bff, redis } = stack;
  const origin = bff.url;
  const sandboxUrl = stack.sandbox.url;
  console.log(
    `memory budget ${memory.budgetMb} MB (${memory.source}), heap limit ${memory.heapLimitMb} MB, semi-spaces ${memory.semiSpaceMb} MB; RSS limit after warm-up ${RSS_LIMIT_MB} MB`,
  );
  process.once('SIGINT', () => void stack.stop().then(() => process.exit(130)));
  // Also when the soak itself fails (the BFF not ready in time): its children are never left running.
  process.once('exit', () => [bff.child, stack.sandbox.process, redis!.process].forEach((c) => c.kill('SIGKILL')));
  // At a load of 24 on two cores the compiled BFF took over 30 s to start.
  await bff.ready(120_000);

  const agent = new Agent({ connections: 64, keepAliveTimeout: 5_000 });
  const streamAgent = new Agent({ connections: null });
  const mix = await trafficMix(origin, agent);
  const answers: Answer[] = [];
  const started = Date.now();
  const endAt = started + durationS * 1000;
  const running = () => Date.now() < endAt && bff.alive();
  const lagSamples: number[] = [];
  const lagAt: { ms: number; atS: number }[] = [];
  const floodStart = started + (WARM_UP_S + (durationS - WARM_UP_S - floodS) / 2) * 1000;
  const floodEnd = floodStart + floodS * 1000;
  const flooding = () => Date.now() >= floodStart && Date.now() < floodEnd && running();
  const cachedPage: { ms: number; during: boolean; cache: string; atS: number; redisDown: boolean }[] = [];
  let redisDown = false;
  const floodRss: number[] = [];
  let rssAfterWarmUp = NaN;
  let rssEnd = NaN;
  let rssMaxAfterWarmUp = NaN;
  let last: Sample | undefined;
  let atWarmUp: Sample | undefined;
  let redisRestarts = 0;
  let faultsInjected = 0;
  let nextRedisKill = started + REDIS_DOWN_EVERY_S * 1000;

  const workers = Array.from({ length: WORKERS }, async () => {
    while (running()) answers.push(await send(origin, agent, pick(mix)));
  });
  const streams = Array.from({ length: STREAMS }, async (_, i) => {
    await sleep(i * 20);
    // Like a shopper's page: a new search a second after the last one ended.
    while (running()) {
      answers.push(await workshopStream(origin, streamAgent));
      await sleep(1_000);
    }
  });
  const chaos = (async () => {
    while (running()) {
      await sleep(FAULT_EVERY_MS);
      const body = JSON.stringify({ service: pick(FAULTED_SERVICES), fault: pick(FAULTS), times: 3 });
      await request(`${sandboxUrl}/__sandbox/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
      })
        .then((r) => r.body.dump())
        .catch(() => undefined);
      faultsInjected++;
      if (Date.now() >= nextRedisKill) {
        nextRedisKill += REDIS_DOWN_EVERY_S * 1000;
        await redis!.stop();
        redisDown = true;
        await sleep(3_000);
        await redis!.start();
        redisDown = false;
        redisRestarts++;
      }
    }
  })();
  // Each flooding address sends its next deep link or search when the last is answered.
  let floodSent = 0;
  const floodWindow = { start: floodStart, end: floodEnd };
  const flood = Array.from({ length: FLOOD_CLIENTS * 2 }, (_, loop) => {
    const client = `10.99.0.${(loop % FLOOD_CLIENTS) + 1}`;
    return duringWindow(
      floodWindow,
      async () => {
        answers.push(await send(origin, agent, floodRequests(floodSent++)[loop < FLOOD_CLIENTS ? 0 : 1]!, client));
      },
      running,
    );
  });
  const shopper = (async () => {
    while (running()) {
      const during = flooding();
      const down = redisDown;
      const at = performance.now();
      const res = await request(`${origin}${CACHED_PAGE.path}`, {
        dispatcher: agent,
        headers: { host: CACHED_PAGE.host, 'x-forwarded-for': '10.30.0.1', 'accept-encoding': 'br, gzip' },
      }).catch(() => undefined);
      await res?.body.dump();
      if (res && Date.now() - started >= WARM_UP_S * 1000)
        cachedPage.push({
          ms: performance.now() - at,
          during,
          cache: String(res.headers['x-cache']),
          atS: (Date.now() - started) / 1000,
          redisDown: down || redisDown,
        });
      await sleep(CACHED_PAGE.everyMs);
    }
  })();
  const floodMemory = duringWindow(
    floodWindow,
    async () => {
      const sample = await scrape(`http://127.0.0.1:${metricsPort}`).catch(() => undefined);
      if (sample) floodRss.push(sample.rssBytes);
      await sleep(1_000);
    },
    running,
  );
  const monitor = (async () => {
    while (running()) {
      await sleep(5_000);
      const sample = await scrape(`http://127.0.0.1:${metricsPort}`).catch(() => undefined);
      if (!sample) continue;
      lagSamples.push(sample.lagP99S * 1000);
      lagAt.push({ ms: sample.lagP99S * 1000, atS: (Date.now() - started) / 1000 });
      if (Number.isNaN(rssAfterWarmUp) && Date.now() - started >= WARM_UP_S * 1000)
        [rssAfterWarmUp, atWarmUp] = [sample.rssBytes, sample];
      if (!Number.isNaN(rssAfterWarmUp))
        rssMaxAfterWarmUp = Math.max(sample.rssBytes, Number.isNaN(rssMaxAfterWarmUp) ? 0 : rssMaxAfterWarmUp);
      rssEnd = sample.rssBytes;
      last = sample;
    }
  })();
  await Promise.all([...workers, ...streams, chaos, monitor, ...flood, shopper, floodMemory]);
  const crashed = !bff.alive(); // it never stops by itself: any exit before ours is a crash
  const cpu = crashed ? new Map<string, number>() : threadCpuSeconds(bff.child.pid!);
  await agent.close();
  await streamAgent.destroy();
  await stack.stop();

  const pages = answers.filter((a) => a.kind !== 'workshop stream' && !a.kind.startsWith('flood'));
  const floods = answers.filter((a) => a.kind.startsWith('flood'));
  const cachedMs = (during: boolean) =>
    cachedPage
      .filter((c) => c.during === during)
      .map((c) => c.ms)
      .sort((a, b) => a - b);
  const latencies = pages.map((a) => a.ms).sort((a, b) => a - b);
  const byStatus = new Map<string, number>();
  for (const a of answers) byStatus.set(`${a.status} ${a.cause}`, (byStatus.get(`${a.status} ${a.cause}`) ?? 0) + 1);
  const unexpected = answers.filter((a) => a.unexpected);
  const growthMb = (rssEnd - rssAfterWarmUp) / 1024 / 1024;
  const lagP99 = percentile(
    [...lagSamples].sort((a, b) => a - b),
    99,
  );
  console.log(
    `soak: ${durationS} s, ${WORKERS} request loops + ${STREAMS} open workshop streams, ${faultsInjected} upstream faults injected, Redis killed and restarted ${redisRestarts} times`,
  );
  console.log(
    `requests: ${answers.length} (${pages.length} pages and API calls, ${answers.length - pages.length} workshop streams)`,
  );
  console.log('answers by status and cause:');
  for (const [key, count] of [...byStatus].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(7)}  ${key}`);
  console.log(
    `unexpected 5xx: ${unexpected.length}${unexpected.length ? ` (${[...new Set(unexpected.map((a) => `${a.kind} ${a.status} ${a.cause}`))].join('; ')})` : ''}`,
  );
  const pictures = answers.filter((a) => a.cause === 'picture');
  const pictureStatuses = [...new Set(pictures.map((a) => a.status))]
    .sort()
    .map((status) => `${pictures.filter((a) => a.status === status).length}×${status}`);
  console.log(
    `pictures: ${pictures.length} (${pictureStatuses.join(', ') || 'none'}; a 404 is a picture URL the pages never named)`,
  );
  console.log(
    `latency (pages and API calls): p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );
  // How much each kind sent, how fast, and what it was answered: a flood that sent nothing measured nothing.
  const floodKinds = [
    ['flood: deep car list', 'deep car-list links'],
    ['flood: maximal search', 'maximal searches'],
  ] as const;
  const floodSentOf = floodKinds.map(([kind, name]) => {
    const sent = floods.filter((a) => a.kind === kind);
    const statuses = [...new Set(sent.map((a) => a.status))]
      .sort((a, b) => a - b)
      .map((status) => `${sent.filter((a) => a.status === status).length}×${status}`);
    return {
      count: sent.length,
      text: `${sent.length} ${name} (${(sent.length / floodS).toFixed(1)}/s; ${statuses.join(', ') || 'none'})`,
    };
  });
  const floodedNothing = floodSentOf.some((kind) => kind.count === 0);
  console.log(
    `flood: ${floodS.toFixed(0)} s from ${FLOOD_CLIENTS} addresses sent ${floodSentOf.map((kind) => kind.text).join(' and ')}; ` +
      `RSS during it ${floodRss.length ? `${mb(Math.min(...floodRss))}–${mb(Math.max(...floodRss))}` : 'not sampled'}` +
      (floodedNothing ? ' — FLOOD SENT NOTHING of a kind: it measured nothing' : ''),
  );
  console.log(
    `a cached page (${CACHED_PAGE.host}${CACHED_PAGE.path}, every ${CACHED_PAGE.everyMs} ms after warm-up): during the flood p50 ${percentile(cachedMs(true), 50).toFixed(1)} ms, p99 ${percentile(cachedMs(true), 99).toFixed(1)} ms over ${cachedMs(true).length}; ` +
      `otherwise p50 ${percentile(cachedMs(false), 50).toFixed(1)} ms, p99 ${percentile(cachedMs(false), 99).toFixed(1)} ms (${cachedPage.filter((c) => c.cache === 'hit').length} of ${cachedPage.length} hits; target during the flood: p99 ≤ 50 ms)`,
  );
  // When the slowest ones were asked, to tell a stall that follows Redis's restarts from one that follows the traffic.
  const slowest = [...cachedPage].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `  slowest: ${slowest.map((c) => `${c.ms.toFixed(0)} ms at ${c.atS.toFixed(1)} s (${c.cache}${c.redisDown ? ', Redis down' : ''}${c.during ? ', flood' : ''})`).join('; ')}`,
  );
  console.log(
    `event-loop lag p99 (5 s windows): worst ${Math.max(...lagSamples).toFixed(1)} ms, p99 of windows ${lagP99.toFixed(1)} ms; ` +
      `over 100 ms at ${
        lagAt
          .filter((l) => l.ms > 100)
          .map((l) => `${l.atS.toFixed(0)} s (${l.ms.toFixed(0)})`)
          .join(', ') || 'no window'
      }`,
  );
  console.log(
    `BFF CPU by thread over the run: ${
      [...cpu]
        .sort((a, b) => b[1] - a[1])
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
        .join(', ') || 'not read'
    }`,
  );
  console.log(
    `RSS after ${WARM_UP_S} s warm-up: ${mb(rssAfterWarmUp)}, highest after it: ${mb(rssMaxAfterWarmUp)}, at the end: ${mb(rssEnd)} (growth ${growthMb.toFixed(1)} MB; limit ${RSS_LIMIT_MB} MB)`,
  );
  for (const [when, sample] of [
    ['after warm-up', atWarmUp],
    ['at the end', last],
  ] as const) {
    if (!sample) continue;
    const native = sample.rssBytes - sample.heapTotalBytes - sample.externalBytes;
    console.log(
      `memory ${when}: heap used ${mb(sample.heapUsedBytes)} of ${mb(sample.heapTotalBytes)} reserved, external (Buffers) ${mb(sample.externalBytes)}, the rest (code, allocator, stacks) ${mb(native)}`,
    );
    console.log(
      `  caches: ${[...sample.caches].map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ') || 'none reported'}`,
    );
  }
  console.log(`BFF process: ${crashed ? 'EXITED during the run' : 'stayed up'}`);
  process.exitCode =
    unexpected.length > 0 ||
    !(growthMb <= RSS_GROWTH_LIMIT_MB) ||
    !(rssMaxAfterWarmUp <= RSS_LIMIT_MB * 1024 * 1024) ||
    floodedNothing ||
    crashed
      ? 1
      : 0;
}

await main();
