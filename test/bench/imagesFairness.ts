// The fairness phases (5–7) of `npm run bench:images` (issue 35; docs/pictures.md "Fair places", docs/security.md):
//  5. 50 browsers behind one address (six connections each: 300 at once) asking for a car list's 24 new
//     pictures, then again (cached): every answer should be 200 under the default in-flight cap;
//  6. four addresses flooding new variants, then a fifth client's five new pictures: each 200 within 15 s;
//  7. one address flooding new variants (AVIF first, as Chrome asks), then a shopper whose browser takes
//     AVIF: its AVIF made (the next view gets it) within 30 s.
// Each phase on photos of its own, made at the sandbox before the phase, so every variant is new.
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

export interface LoadResult {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  elapsedMs: number;
}

export interface FairnessBench {
  origin: string;
  metricsOrigin: string;
  host: string;
  /** Chrome's Accept for an <img>. */
  chromeAccept: string;
  /** `count` photos (paths with their `?v=`) none of the earlier phases used, made at the sandbox now. */
  newPhotos(count: number): Promise<string[]>;
  /** The benches' load worker: each of `paths` once over `connections`, `addresses` as X-Forwarded-For in turn. */
  load(options: { paths: string[]; headers: Record<string, string>; addresses: string[]; connections: number }): {
    done: Promise<LoadResult>;
    stop(): void;
  };
}

const TARGET = { fifthClientS: 15, avifS: 30 };
/** A flooder's photos: 30 variants each (every width and quality), more than a phase can make. */
const FLOOD_PHOTOS = 10;
const variantOf = (photo: string, width: number, quality = 75) => `${photo}&w=${width}&q=${quality}`;
const WIDTHS = [64, 128, 256, 384, 640, 828, 1080, 1280, 1600, 1920];
const everyVariant = (photos: string[]) =>
  WIDTHS.flatMap((w) => [50, 75, 90].flatMap((q) => photos.map((photo) => variantOf(photo, w, q))));
const counted = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');

export async function fairnessPhases(bench: FairnessBench): Promise<{ rows: string[][]; misses: string[] }> {
  const rows: string[][] = [];
  const misses: string[] = [];
  const get = async (path: string, address: string, accept: string) => {
    const res = await request(bench.origin + path, {
      headers: { host: bench.host, accept, 'x-forwarded-for': address },
    });
    await res.body.dump();
    return { status: res.statusCode, type: String(res.headers['content-type']) };
  };
  const queue = async (): Promise<Record<string, number>> => {
    const text = await (await request(`${bench.metricsOrigin}/metrics`)).body.text();
    return Object.fromEntries(
      [...text.matchAll(/^bff_image_transform_queue\{state="(\w+)"\} ([\d.e+-]+)/gm)].map((m) => [m[1]!, Number(m[2])]),
    );
  };
  const until = async (condition: () => Promise<boolean>, limitMs: number) => {
    const deadline = performance.now() + limitMs;
    while (!(await condition())) {
      if (performance.now() > deadline) return false;
      await sleep(100);
    }
    return true;
  };
  const flood = (photos: string[][], accept: string, connections: number) =>
    photos.map((own, i) =>
      bench.load({
        paths: everyVariant(own),
        headers: { accept },
        addresses: [`203.0.113.${100 + i}`],
        connections,
      }),
    );
  const stopped = async (floods: ReturnType<FairnessBench['load']>[]) => {
    floods.forEach((f) => f.stop());
    const results = await Promise.all(floods.map((f) => f.done));
    const statuses: Record<string, number> = {};
    for (const r of results) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    return counted(statuses);
  };

  // 5. A crowd behind one address: 300 connections, the car list's 24 pictures each of 50 browsers, twice.
  const list = (await bench.newPhotos(24)).map((photo) => variantOf(photo, 640));
  for (const visit of ['new', 'cached']) {
    const crowd = await bench.load({
      paths: Array.from({ length: 50 }, () => list).flat(),
      headers: { accept: bench.chromeAccept },
      addresses: ['198.51.100.200'],
      connections: 300,
    }).done;
    const ok = crowd.statuses['200'] ?? 0;
    if (ok !== 1_200) misses.push(`crowd behind one address, ${visit}: ${counted(crowd.statuses)}`);
    rows.push([
      `50 browsers × 6 connections behind one address, 24 ${visit} pictures each`,
      `${counted(crowd.statuses)} in ${(crowd.elapsedMs / 1000).toFixed(1)} s`,
      'target: every answer 200',
    ]);
  }

  // 6. Four addresses flood new variants; a fifth client's five new pictures meanwhile.
  const floodPhotos = await bench.newPhotos(4 * FLOOD_PHOTOS);
  const [fifth] = await bench.newPhotos(1);
  const four = flood(
    [0, 1, 2, 3].map((i) => floodPhotos.slice(i * FLOOD_PHOTOS, (i + 1) * FLOOD_PHOTOS)),
    'image/webp,*/*',
    16,
  );
  const full = await until(async () => ((await queue()).waiting ?? 0) >= 40, 60_000);
  const started = performance.now();
  const fifthAnswers = await Promise.all(
    [64, 128, 256, 384, 640].map(async (width) => {
      const answer = await get(variantOf(fifth!, width), '198.51.100.201', 'image/webp,*/*');
      return { ...answer, s: (performance.now() - started) / 1000 };
    }),
  );
  const fourStatuses = await stopped(four);
  const slowest = Math.max(...fifthAnswers.map((a) => a.s));
  const fifthOk = fifthAnswers.every((a) => a.status === 200);
  if (!fifthOk || slowest > TARGET.fifthClientS)
    misses.push(`fifth client: ${fifthAnswers.map((a) => a.status).join(' ')}, slowest ${slowest.toFixed(1)} s`);
  rows.push([
    'four addresses flooding new variants: a fifth client’s 5 new pictures',
    `${fifthAnswers.map((a) => a.status).join(' ')}, each in ${fifthAnswers.map((a) => a.s.toFixed(1)).join(' / ')} s${full ? '' : ' (the flood never filled the line)'}`,
    `target each 200 within ${TARGET.fifthClientS} s`,
  ]);
  rows.push(['  the flood meanwhile', fourStatuses, '']);

  // 7. One address floods new variants, AVIF first; an AVIF-accepting shopper meanwhile.
  const avifFlood = flood([await bench.newPhotos(2 * FLOOD_PHOTOS)], bench.chromeAccept, 32);
  await until(async () => ((await queue()).waiting ?? 0) >= 10, 60_000);
  const [shopper] = await bench.newPhotos(1);
  const path = variantOf(shopper!, 640);
  const asked = performance.now();
  const first = await get(path, '198.51.100.202', bench.chromeAccept);
  let avifAfterS: number | undefined;
  await until(async () => {
    const again = await get(path, '198.51.100.202', bench.chromeAccept);
    if (again.type === 'image/avif') avifAfterS = (performance.now() - asked) / 1000;
    return avifAfterS !== undefined;
  }, 120_000);
  const avifFloodStatuses = await stopped(avifFlood);
  if (avifAfterS === undefined || avifAfterS > TARGET.avifS)
    misses.push(
      `AVIF while one address floods: ${avifAfterS === undefined ? 'not in 120 s' : `${avifAfterS.toFixed(1)} s`}`,
    );
  rows.push([
    'one address flooding (AVIF first): a shopper’s AVIF made after',
    `${avifAfterS === undefined ? 'not within 120 s' : `${avifAfterS.toFixed(1)} s`} (first answer ${first.status} ${first.type})`,
    `target ≤ ${TARGET.avifS} s`,
  ]);
  rows.push(['  the flood meanwhile', avifFloodStatuses, '']);
  return { rows, misses };
}
