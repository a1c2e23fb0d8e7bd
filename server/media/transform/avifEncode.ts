import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeBytes } from './decodeCost.js';
import { runLowPriority, TOOL_ADDRESS_SPACE_BYTES } from './lowPriorityTool.js';

/**
 * An AVIF nobody waits for: a hung encoder is killed after this long (a 1080 px one at effort 4 takes 2–15 s here
 * at its low priority on a loaded machine; docs/pictures.md).
 */
const ENCODE_DEADLINE_MS = 60_000;

/**
 * The already-sized picture (a PNG made in this process, alpha kept) encoded to AVIF by libavif's `avifenc` (libaom)
 * in a niced process of its own (server/media/transform/lowPriorityTool.ts): the encode, a background job's whole cost, never
 * takes a core from the event loop or from a shopper's WebP. As sharp encoded it before: 4:2:0, 8-bit, full range,
 * sRGB (CICP 1/13/6), no metadata; `quality` (0–100) is libheif's constant-quality level (63 steps, as sharp's
 * `quality`), `effort` (IMAGE_AVIF_EFFORT, 0–9) its speed 9 − effort, as libvips maps it. One encoder thread: a
 * background job has one place.
 */
export async function encodeAvif(
  png: Buffer,
  want: { width: number; height: number; quality: number; effort: number },
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'bff-avif-'));
  try {
    const [input, output] = [join(dir, 'sized.png'), join(dir, 'variant.avif')];
    await writeFile(input, png);
    const cqLevel = Math.round(((100 - want.quality) * 63) / 100);
    const args = [
      ...['--jobs', '1', '--speed', String(9 - want.effort), '--yuv', '420', '--depth', '8'],
      ...['--min', '0', '--max', '63', '-a', 'end-usage=q', '-a', `cq-level=${cqLevel}`],
      // libaom turns intra block copy on by itself for what looks like screen content (a studio shot on a flat
      // background): its hash tables took a 640 px square 72 MB instead of 23, past its limit, and photos never use it.
      ...['-a', 'enable-intrabc=0'],
      ...['--ignore-icc', '--ignore-exif', '--ignore-xmp', '--', input, output],
    ];
    const addressSpaceBytes = encodeBytes('avif', want) + TOOL_ADDRESS_SPACE_BYTES;
    await runLowPriority('avifenc', args, { addressSpaceBytes, deadlineMs: ENCODE_DEADLINE_MS });
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
