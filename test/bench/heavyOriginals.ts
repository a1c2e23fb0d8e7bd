// The heavy-originals phase of `npm run bench:images` (docs/pictures.md, "Heavy originals"), with Chrome's Accept:
// 1. a row per flavour, one at a time so each one's memory is its own (a 12 MP photo as AVIF 4:2:0, 4:4:4 and
//    10-bit, as HEIC, and a 16-bit 4096² PNG): its answer, time and the highest RSS of its decoder (the BFF's
//    children), and with BENCH_CGROUP the group's highest usage meanwhile;
// 2. 20 heavy originals at once (the flavours over /media/heavy/<n>/ copies, each a different original to the BFF):
//    every one answered within 30 s (an edge's read timeout), a picture or a stand-in, and the real ones after;
// 3. the earlier rounds: four at once at the widths a page asks for, from the intermediates.
// Prints the BFF's highest RSS, its decoders' and the two together (what a container's memory limit sees) against
// MEMORY_BUDGET_MB, and the decode gate's own peak. With BENCH_CGROUP (the BFF started in that cgroup v1 memory
// group) also the group's highest usage, failures and OOM kills.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

const FILES = ['photo-12mp.avif', 'photo-16mp.avif', 'photo-16bit.png', 'photo-12mp.heic'];
/** One row each: the flavours a 256 MB container must show. */
const FLAVOURS = [
  ['AVIF 8-bit 4:2:0', 'photo-12mp.avif'],
  ['AVIF 8-bit 4:4:4', 'photo-12mp-444.avif'],
  ['AVIF 10-bit 4:2:0', 'photo-12mp-10bit.avif'],
  ['HEIC 8-bit', 'photo-12mp.heic'],
  ['PNG 16-bit 4096²', 'photo-16bit.png'],
] as const;
/** How many heavy originals at once, and the edge's read timeout each must be answered within. */
const AT_ONCE = 20;
const EDGE_TIMEOUT_S = 30;
const WIDTHS = [640, 1080, 384, 1920];
const ROUNDS = Number(process.env.BENCH_HEAVY_ROUNDS ?? WIDTHS.length);
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const MB = 1024 * 1024;

const kbOf = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
function statusOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
}
/** The BFF's children now (its decode processes), by their parent in /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => kbOf(statusOf(child) ?? '', 'PPid') === pid);
}
const cgroupFile = (name: string) => `${process.env.BENCH_CGROUP}/${name}`;
const cgroupValue = (name: string) => readFileSync(cgroupFile(name), 'utf8').trim();

export async function heavyOriginalsPhase(
  origin: string,
  metricsOrigin: string,
  pid: number,
  sandbox: string,
  budgetMb: number,
): Promise<{ rows: string[][]; misses: string[] }> {
  const rows: string[][] = [];
  const misses: string[] = [];
  // Made at the sandbox first (seconds for a 12 MP AVIF), so the BFF's fetches are not what is measured.
  for (const file of FILES) await (await request(`${sandbox}/media/heavy/${file}`)).body.dump();
  if (process.env.BENCH_CGROUP) writeFileSync(cgroupFile('memory.max_usage_in_bytes'), '0');
  rows.push(['heavy originals, a row per flavour at 640 px, one at a time', '', '']);
  const highest = { bff: 0, decoders: 0, together: 0, flavour: 0 };
  let sampling = true;
  const sampler = (async () => {
    await sleep(0);
    while (sampling) {
      const bff = kbOf(statusOf(pid) ?? '', 'VmRSS') / 1024;
      // The decoder tools' memory: a process of their own each (prlimit, choom and nice exec into the tool).
      const decoders = childrenOf(pid).reduce((sum, child) => sum + kbOf(statusOf(child) ?? '', 'VmRSS') / 1024, 0);
      highest.bff = Math.max(highest.bff, bff);
      highest.decoders = Math.max(highest.decoders, decoders);
      highest.flavour = Math.max(highest.flavour, decoders);
      highest.together = Math.max(highest.together, bff + decoders);
      await sleep(20);
    }
  })();
  const ask = async (path: string, width: number) => {
    const t = performance.now();
    try {
      const res = await request(`${origin}${path}?w=${width}`, {
        headers: { host: 'se.localhost', accept: CHROME_ACCEPT },
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      const type = String(res.headers['content-type'] ?? '').replace('image/', '');
      const standIn = res.headers['x-cache'] === 'stand-in';
      return {
        status: res.statusCode,
        standIn,
        seconds: (performance.now() - t) / 1000,
        what: `${res.statusCode} ${type}${standIn ? ' stand-in' : ''} ${(body.length / 1024).toFixed(0)} KB`,
      };
    } catch (err) {
      return {
        status: 0,
        standIn: false,
        seconds: (performance.now() - t) / 1000,
        what: `no answer (${(err as { code?: string }).code ?? (err as Error).message})`,
      };
    }
  };
  // 1. A row per flavour, one at a time.
  for (const [, file] of FLAVOURS) await (await request(`${sandbox}/media/heavy/${file}`)).body.dump();
  for (const [flavour, file] of FLAVOURS) {
    if (process.env.BENCH_CGROUP) writeFileSync(cgroupFile('memory.max_usage_in_bytes'), '0');
    highest.flavour = 0;
    const answer = await ask(`/media/heavy/1/${file}`, 640);
    if (answer.status !== 200 || answer.standIn) misses.push(`flavour ${flavour}: ${answer.what}`);
    const group = process.env.BENCH_CGROUP
      ? `, group highest ${(Number(cgroupValue('memory.max_usage_in_bytes')) / MB).toFixed(0)} MB`
      : '';
    rows.push([
      `  ${flavour} (${file})`,
      `${answer.what}, ${answer.seconds.toFixed(1)} s`,
      `decoder RSS highest ${highest.flavour.toFixed(0)} MB${group}`,
    ]);
  }
  // 2. 20 at once, each a different original.
  if (process.env.BENCH_CGROUP) writeFileSync(cgroupFile('memory.max_usage_in_bytes'), '0');
  const crowd = Array.from(
    { length: AT_ONCE },
    (_, i) => `/media/heavy/${2 + Math.floor(i / FLAVOURS.length)}/${FLAVOURS[i % FLAVOURS.length]![1]}`,
  );
  const crowdStarted = performance.now();
  const first = await Promise.all(crowd.map((path) => ask(path, 640)));
  const crowdSeconds = (performance.now() - crowdStarted) / 1000;
  const late = first.filter((a) => a.status !== 200 || a.seconds > EDGE_TIMEOUT_S);
  for (const a of late) misses.push(`${AT_ONCE} at once: ${a.what} after ${a.seconds.toFixed(1)} s`);
  rows.push([
    `  ${AT_ONCE} heavy originals at once`,
    `${first.filter((a) => a.status === 200 && !a.standIn).length} pictures, ${first.filter((a) => a.standIn).length} stand-ins, ${late.length} late or failed; slowest ${Math.max(...first.map((a) => a.seconds)).toFixed(1)} s (edge timeout ${EDGE_TIMEOUT_S} s), all in ${crowdSeconds.toFixed(1)} s`,
    process.env.BENCH_CGROUP
      ? `group highest ${(Number(cgroupValue('memory.max_usage_in_bytes')) / MB).toFixed(0)} MB`
      : '',
  ]);
  // The stand-ins' real pictures, made meanwhile: asked again until each is the picture.
  const realStarted = performance.now();
  let real = first.filter((a) => !a.standIn).length;
  for (const [i, a] of first.entries()) {
    if (!a.standIn) continue;
    for (let tries = 0; tries < 120; tries++) {
      const again = await ask(crowd[i]!, 640);
      if (again.status === 200 && !again.standIn) {
        real++;
        break;
      }
      await sleep(500);
    }
  }
  rows.push([
    `  then every real picture`,
    `${real} of ${AT_ONCE} within ${((performance.now() - realStarted) / 1000).toFixed(1)} s more`,
    '',
  ]);
  if (real < AT_ONCE) misses.push(`${AT_ONCE} at once: ${AT_ONCE - real} never made`);
  // 3. The rounds, from the intermediates.
  const got = new Map<string, string[]>();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    const width = WIDTHS[round % WIDTHS.length]!;
    await Promise.all(
      FILES.map(async (file) => {
        const t = performance.now();
        let answer: string;
        try {
          const res = await request(`${origin}/media/heavy/${file}?w=${width}`, {
            headers: { host: 'se.localhost', accept: CHROME_ACCEPT },
          });
          const body = Buffer.from(await res.body.arrayBuffer());
          const type = String(res.headers['content-type'] ?? '').replace('image/', '');
          answer = `${res.statusCode}${res.statusCode === 200 ? ` ${type} ${(body.length / 1024).toFixed(0)} KB` : ''}`;
          if (res.statusCode !== 200) misses.push(`heavy ${file} at ${width}: ${res.statusCode}`);
        } catch (err) {
          // The BFF went away mid-answer (killed): what a shopper's browser sees as a broken picture.
          answer = `no answer (${(err as { code?: string }).code ?? (err as Error).message})`;
          misses.push(`heavy ${file} at ${width}: ${answer}`);
        }
        got.set(file, [
          ...(got.get(file) ?? []),
          `${width}: ${answer} ${((performance.now() - t) / 1000).toFixed(1)} s`,
        ]);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  // The background AVIFs queued meanwhile, still within the gate.
  for (
    let i = 0;
    i < 600 && statusOf(pid) && (await gauge(metricsOrigin, 'bff_image_transform_queue', 'avif_waiting')) > 0;
    i++
  )
    await sleep(100);
  sampling = false;
  await sampler;
  const alive = statusOf(pid) !== undefined;
  if (!alive) misses.push('heavy originals: the BFF process died');
  rows.push([
    `heavy originals, four at once, ${ROUNDS} rounds`,
    `${seconds.toFixed(0)} s`,
    alive ? 'BFF alive' : 'BFF DIED',
  ]);
  for (const [file, answers] of got) rows.push([`  ${file}`, answers.join(', '), '']);
  rows.push([
    '  RSS highest: BFF / its decode processes (anon) / together',
    `${highest.bff.toFixed(0)} / ${highest.decoders.toFixed(0)} / ${highest.together.toFixed(0)} MB`,
    `MEMORY_BUDGET_MB ${budgetMb}`,
  ]);
  if (alive) {
    const peak = await gauge(metricsOrigin, 'bff_image_decode_memory_bytes', 'peak');
    const capacity = await gauge(metricsOrigin, 'bff_image_decode_memory_bytes', 'capacity');
    const metrics = await (await request(`${metricsOrigin}/metrics`)).body.text();
    const heavy = [...metrics.matchAll(/^bff_image_heavy_decodes_total\{decoder="(\w+)",outcome="(\w+)"\} (\d+)/gm)]
      .map((m) => `${m[1]} ${m[2]} ${m[3]}`)
      .join(', ');
    const waits = /^bff_image_decode_waits_total (\d+)/m.exec(metrics)?.[1] ?? '0';
    rows.push([
      '  decode gate: highest admitted / share',
      `${(peak / MB).toFixed(0)} / ${(capacity / MB).toFixed(0)} MB, ${waits} waits`,
      '',
    ]);
    rows.push(['  heavy decodes', heavy, '']);
    if (peak > capacity) misses.push(`decode gate admitted ${peak} > ${capacity}`);
  }
  if (process.env.BENCH_CGROUP) {
    const oomKills = /oom_kill (\d+)/.exec(cgroupValue('memory.oom_control'))?.[1] ?? '?';
    rows.push([
      `  cgroup ${process.env.BENCH_CGROUP}`,
      `limit ${(Number(cgroupValue('memory.limit_in_bytes')) / MB).toFixed(0)} MB, highest usage ${(Number(cgroupValue('memory.max_usage_in_bytes')) / MB).toFixed(0)} MB, failcnt ${cgroupValue('memory.failcnt')}, OOM kills ${oomKills}`,
      '',
    ]);
  }
  return { rows, misses };
}

async function gauge(metricsOrigin: string, name: string, state: string): Promise<number> {
  const text = await request(`${metricsOrigin}/metrics`).then(
    (res) => res.body.text(),
    () => '',
  );
  return Number(new RegExp(`^${name}\\{state="${state}"\\} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? 0);
}
