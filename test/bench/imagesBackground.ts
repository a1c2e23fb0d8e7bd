// Phase 8 of `npm run bench:images` (issue 51 part 8; docs/pictures.md "AVIF is made in the background"): a shopper's
// cached page, asked for one request at a time, while a cold AVIF wave is made in the background against the same
// page with nothing in the background, in alternating rounds of one run. A wave: `WAVE` new car photos at a card's
// widths asked for as Chrome asks (AVIF first), so each is answered WebP at once and its AVIF queued; the page is
// timed only once every WebP is answered, while AVIFs are being made, so what is measured is the background work.
// Prints p50 and p95 of each and their ratio (target ≤ 1.2×) with the machine's load average beside them, and the
// CPU the BFF's own threads and its ended child processes (the AVIF encoders) used in each kind of window: on a
// loaded machine the latencies are mostly the other processes', the CPU split is the BFF's alone.
// BENCH_IMAGES_ONLY=background runs it alone.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { percentile } from './rounds.js';

export interface BackgroundBench {
  origin: string;
  metricsOrigin: string;
  host: string;
  /** Chrome's Accept for an <img>. */
  chromeAccept: string;
  /** `count` photos (paths with their `?v=`) none of the earlier phases used, made at the sandbox now. */
  newPhotos(count: number): Promise<string[]>;
  /** The BFF's process id: its CPU and its ended children's are read from /proc. */
  pid: number;
}

/** CPU seconds of a process' own threads and of its children it has waited for (/proc/<pid>/stat, 100 ticks a second). */
function cpuOf(pid: number): { own: number; children: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
  // After the name: state is field 3, so utime (14), stime (15), cutime (16), cstime (17) are at 11–14 here.
  return { own: (fields[11]! + fields[12]!) / 100, children: (fields[13]! + fields[14]!) / 100 };
}

const TARGET_RATIO = 1.2;
const ROUNDS = Number(process.env.BENCH_BACKGROUND_ROUNDS ?? 3);
/** A round's window for each of the two, and the pause between a shopper's requests. */
const WINDOW_MS = Number(process.env.BENCH_BACKGROUND_WINDOW_MS ?? 8_000);
const PAUSE_MS = 20;
/** New photos a wave asks for, each at two card widths: that many AVIFs, more than a window makes. */
const WAVE = 8;
const WAVE_WIDTHS = [640, 1080];
/** A wave left over from a cold window is waited for this long at most before the next warm one. */
const SETTLE_MS = 180_000;

export async function backgroundWavePhase(bench: BackgroundBench): Promise<{ rows: string[][]; misses: string[] }> {
  const page = async (): Promise<number> => {
    const started = performance.now();
    const res = await request(`${bench.origin}/`, { headers: { host: bench.host, 'accept-encoding': 'br, gzip' } });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`cached page: ${res.statusCode}`);
    return performance.now() - started;
  };
  const queue = async (): Promise<{ avifs: number }> => {
    const text = await (await request(`${bench.metricsOrigin}/metrics`)).body.text();
    const state = (name: string) =>
      Number(new RegExp(`^bff_image_transform_queue\\{state="${name}"\\} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? 0);
    return { avifs: state('avif_running') + state('avif_waiting') };
  };
  /** The page timed for a window (or until `until` says stop); the load average at its end. */
  const timed = async (until: () => Promise<boolean> = async () => false) => {
    const ms: number[] = [];
    const [started, cpu] = [performance.now(), cpuOf(bench.pid)];
    const end = started + WINDOW_MS;
    while (performance.now() < end && !(ms.length % 10 === 0 && (await until()))) {
      ms.push(await page());
      await sleep(PAUSE_MS);
    }
    const after = cpuOf(bench.pid);
    return {
      ms,
      load: loadavg()[0]!,
      s: (performance.now() - started) / 1000,
      own: after.own - cpu.own,
      children: after.children - cpu.children,
    };
  };
  /** CPU seconds a second of window: the BFF's own threads, its ended child processes. */
  const cpuRate = { warm: { s: 0, own: 0, children: 0 }, cold: { s: 0, own: 0, children: 0 } };
  const addCpu = (kind: 'warm' | 'cold', window: { s: number; own: number; children: number }) => {
    cpuRate[kind].s += window.s;
    cpuRate[kind].own += window.own;
    cpuRate[kind].children += window.children;
  };
  const cpuText = (kind: 'warm' | 'cold') =>
    `BFF CPU ${(cpuRate[kind].own / cpuRate[kind].s).toFixed(2)} s/s, its ended children ${(cpuRate[kind].children / cpuRate[kind].s).toFixed(2)} s/s`;
  const settle = async () => {
    const end = performance.now() + SETTLE_MS;
    while (performance.now() < end && (await queue()).avifs > 0) await sleep(500);
  };
  // The page cached before anything is timed.
  for (let i = 0; i < 50; i++) {
    const res = await request(`${bench.origin}/`, { headers: { host: bench.host, 'accept-encoding': 'br, gzip' } });
    await res.body.dump();
    if (res.headers['x-cache'] === 'hit') break;
    await sleep(100);
  }
  await settle();
  const warm: number[] = [];
  const cold: number[] = [];
  const loads: number[] = [];
  const statuses: Record<string, number> = {};
  let coldSamplesWithWave = 0;
  const wave = async () => {
    const photos = await bench.newPhotos(WAVE);
    // The WebPs a car list's cards get at once (two at a time, as a page's pictures load); their AVIFs are queued.
    const paths = photos.flatMap((photo) => WAVE_WIDTHS.map((w) => `${photo}&w=${w}&q=75`));
    for (let i = 0; i < paths.length; i += 2)
      await Promise.all(
        paths.slice(i, i + 2).map(async (path) => {
          const res = await request(bench.origin + path, { headers: { host: bench.host, accept: bench.chromeAccept } });
          await res.body.dump();
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        }),
      );
    // Timed only while AVIFs are waiting or being made.
    const window = await timed(async () => (await queue()).avifs === 0);
    coldSamplesWithWave += window.ms.length;
    cold.push(...window.ms);
    addCpu('cold', window);
    loads.push(window.load);
  };
  /** AVIFs still waiting or being made when a quiet window began: a wave outlasted SETTLE_MS (a loaded machine). */
  let leftOver = 0;
  const quiet = async () => {
    await settle();
    leftOver += (await queue()).avifs;
    const window = await timed();
    warm.push(...window.ms);
    loads.push(window.load);
    addCpu('warm', window);
  };
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) await quiet().then(wave);
    else await wave().then(quiet);
  }
  await settle();
  const p = (values: number[], q: number) => percentile(values, q);
  const ratio50 = p(cold, 50) / p(warm, 50);
  const ratio95 = p(cold, 95) / p(warm, 95);
  const loadText = `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on this machine`;
  const rows = [
    [
      `cached page, nothing in the background (${ROUNDS} windows)`,
      `p50 ${p(warm, 50).toFixed(1)} ms, p95 ${p(warm, 95).toFixed(1)} ms (${warm.length} requests)`,
      `${loadText}; ${cpuText('warm')}${leftOver ? `; ${leftOver} AVIFs of a wave were still in the background (it outlasted ${SETTLE_MS / 1000} s)` : ''}`,
    ],
    [
      `cached page during a cold AVIF wave (${WAVE * WAVE_WIDTHS.length} a wave)`,
      `p50 ${p(cold, 50).toFixed(1)} ms, p95 ${p(cold, 95).toFixed(1)} ms (${coldSamplesWithWave} requests)`,
      `${cpuText('cold')}; wave/warm p50 ${ratio50.toFixed(2)}×, p95 ${ratio95.toFixed(2)}× (target ≤ ${TARGET_RATIO}×); the wave's WebPs ${Object.entries(
        statuses,
      )
        .map(([status, n]) => `${n}×${status}`)
        .join(' ')}`,
    ],
  ];
  const misses =
    ratio95 > TARGET_RATIO || ratio50 > TARGET_RATIO
      ? [`a cached page during an AVIF wave: p50 ${ratio50.toFixed(2)}×, p95 ${ratio95.toFixed(2)}× > ${TARGET_RATIO}×`]
      : [];
  return { rows, misses };
}
