// The heavy-originals phase of `npm run bench:images` (docs/pictures.md, "Heavy originals"): the sandbox's 12 MP
// photo as AVIF, a 16 MP AVIF, a 16-bit 4096² PNG and the 12 MP photo as HEIC, four at once, in rounds at the
// widths a page asks for (the first round decodes each original once; the later ones are made from the
// intermediates), with Chrome's Accept (AVIF: a WebP stand-in, the AVIF made in the background within the gate).
// Prints what each request got, the BFF's highest RSS, its decode processes' and the two together (what a
// container's memory limit sees) against MEMORY_BUDGET_MB, and the decode gate's own peak. With BENCH_CGROUP
// (the BFF started in that cgroup v1 memory group) also the group's highest usage, failures and OOM kills.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

const FILES = ['photo-12mp.avif', 'photo-16mp.avif', 'photo-16bit.png', 'photo-12mp.heic'];
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
  const highest = { bff: 0, decoders: 0, together: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const bff = kbOf(statusOf(pid) ?? '', 'VmRSS') / 1024;
      // A decode process' own memory: its anonymous pages (its code is the BFF's node and libvips, already counted).
      const decoders = childrenOf(pid).reduce((sum, child) => sum + kbOf(statusOf(child) ?? '', 'RssAnon') / 1024, 0);
      highest.bff = Math.max(highest.bff, bff);
      highest.decoders = Math.max(highest.decoders, decoders);
      highest.together = Math.max(highest.together, bff + decoders);
      await sleep(50);
    }
  })();
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
