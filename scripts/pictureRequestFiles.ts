// How many server files one uncached picture request runs code in (issue 52's figure for the picture room):
// `tsx scripts/pictureRequestFiles.ts`. The BFF runs in this process, the sandbox in its own; after a warm-up
// (another photo's variant, so that every module is loaded and every first-call path taken), V8's precise coverage
// is reset, one request for a new variant of a car photo is sent (its original fetched, decoded, encoded, kept), and
// the files with a function that ran in between are counted: every one, not a sample, as a CPU profile would give.
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { startStack } from './stack/startStack.js';

const root = fileURLToPath(new URL('..', import.meta.url));

async function get(
  origin: string,
  path: string,
): Promise<{ status: number; type: string | null; cache: string | null }> {
  // undici's request: fetch() would drop the Host header that names the market.
  const res = await request(`${origin}${path}`, { headers: { host: 'se.localhost', accept: 'image/webp,*/*' } });
  await res.body.arrayBuffer();
  const header = (name: string) => (res.headers[name] === undefined ? null : String(res.headers[name]));
  return { status: res.statusCode, type: header('content-type'), cache: header('x-cache') };
}

/** The photo's path and version (as the media service's link names it) at a width. */
function variantOf(photo: URL, width: number): string {
  const query = new URLSearchParams(photo.search);
  query.set('w', String(width));
  return `${photo.pathname}?${query}`;
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

const stack = await startStack({ bff: 'server', sandbox: 'process', env: { LOG_LEVEL: 'warn' } });
try {
  const origin = stack.bff.url;
  const search = await fetch(`${stack.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index: 'cars-se', limit: 3 }),
  });
  const photos = ((await search.json()) as { content: { car_images: string[] }[] }).content.map(
    (car) => new URL(car.car_images[0]!),
  );
  for (const width of [640, 384]) await get(origin, variantOf(photos[0]!, width));
  await get(origin, variantOf(photos[1]!, 640));
  // Reset the counts: taking coverage with callCount resets them.
  await session.post('Profiler.takePreciseCoverage');
  const answer = await get(origin, variantOf(photos[2]!, 828));
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = result
    .filter((script) => script.url.startsWith('file://'))
    .filter((script) => script.functions.some((fn) => fn.ranges.some((range) => range.count > 0)))
    .map((script) => relative(root, fileURLToPath(script.url)))
    .filter((file) => file.startsWith('server/'))
    .sort();
  const media = files.filter((file) => file.startsWith('server/media/'));
  console.log(files.join('\n'));
  console.log(`\nthe request: ${answer.status} ${answer.type} X-Cache ${answer.cache}`);
  console.log(
    `server files run by one uncached picture request: ${files.length}, of them in server/media/: ${media.length}`,
  );
} finally {
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
  await stack.stop();
}
