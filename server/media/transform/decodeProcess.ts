import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runLowPriority, TOOL_ADDRESS_SPACE_BYTES } from './lowPriorityTool.js';

/** Which library's tool decodes a HEIF original: libavif (avifdec, with dav1d) for AV1, libheif (with libde265) for HEVC. */
export type HeavyDecoder = 'libavif' | 'libheif';

/** The JPEG quality of a decoded picture: above the intermediate's (92), so the second encode loses nothing visible. */
const DECODED_QUALITY = 95;

/**
 * A decoded original on disk, full size, with its ICC profile, in the picture's own orientation except for
 * `turn` (avifdec does not apply a HEIF's irot and imir; libheif applies them itself).
 */
export interface DecodedFile {
  path: string;
  turn: { rotation: 0 | 1 | 2 | 3; mirror: 'vertical' | 'horizontal' | undefined };
  dispose(): Promise<void>;
}

/** libheif ≥ 1.17 names its decoder heif-dec (heif-convert stays as a link in some builds); Debian 12 has heif-convert. */
let libheifTool: Promise<string> | undefined;
function libheifDecoder(): Promise<string> {
  libheifTool ??= promisify(execFile)('heif-dec', ['--version']).then(
    () => 'heif-dec',
    () => 'heif-convert',
  );
  return libheifTool;
}

/**
 * The file's irot (counter-clockwise quarter turns) and imir, as libheif's own box dump reports them
 * (`heif-info -d`): avifdec writes the coded picture as it is, so they are applied to its output here.
 */
async function turnOf(file: string): Promise<DecodedFile['turn']> {
  const { stdout } = await promisify(execFile)('heif-info', ['-d', file], { maxBuffer: 1024 * 1024 });
  const degrees = /Box: irot[^]*?rotation: (\d+) degrees/.exec(stdout)?.[1];
  const mirror = /Box: imir[^]*?mirror direction: (vertical|horizontal)/.exec(stdout)?.[1];
  return {
    rotation: ((Number(degrees ?? 0) / 90) % 4) as 0 | 1 | 2 | 3,
    mirror: mirror as 'vertical' | 'horizontal' | undefined,
  };
}

/**
 * Decodes one HEIF original (AVIF or HEIC, any bit depth, chroma, grid or tiles) with a Debian tool in a
 * process of its own, which ends after it: `prlimit --as` gives it a hard limit from the kernel (the memory the
 * gate admitted it for, plus its code's address space: past it an allocation fails and the tool exits with an
 * error, never growing into the BFF's memory), `nice` a lower priority than the BFF's, and `choom` makes it the
 * kernel's first choice when the container runs out of memory. It writes the full-size picture as a JPEG
 * (a PNG when it has alpha) with its ICC profile, in a directory of its own that `dispose` removes.
 */
export async function decodeWithTool(
  original: Buffer,
  job: { decoder: HeavyDecoder; alpha: boolean; memoryBytes: number; maxPixels: number },
  deadlineMs: number,
): Promise<DecodedFile> {
  const dir = await mkdtemp(join(tmpdir(), 'bff-decode-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const input = join(dir, 'original');
    const output = join(dir, job.alpha ? 'decoded.png' : 'decoded.jpg');
    await writeFile(input, original);
    const [tool, args] =
      job.decoder === 'libavif'
        ? [
            'avifdec',
            [
              ...['--jobs', '1', '--size-limit', String(job.maxPixels)],
              ...(job.alpha ? ['--depth', '8', '--png-compress', '1'] : ['--quality', String(DECODED_QUALITY)]),
              ...['--', input, output],
            ],
          ]
        : [await libheifDecoder(), ['--quiet', '--quality', String(DECODED_QUALITY), input, output]];
    const [, turn] = await Promise.all([
      runLowPriority(tool, args, { addressSpaceBytes: job.memoryBytes + TOOL_ADDRESS_SPACE_BYTES, deadlineMs }),
      job.decoder === 'libavif' ? turnOf(input) : { rotation: 0 as const, mirror: undefined },
    ]);
    return { path: output, turn, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
