/**
 * The decode process (forked by server/media/heavyDecode.ts, one per heavy original, ending after it):
 * decodes one AVIF or HEIC original that is too heavy for the BFF's own process and answers with its
 * normalised intermediate, a JPEG at most `maxWidth` wide, upright, without metadata. It volunteers to be
 * the kernel's first choice when the container runs out of memory (oom_score_adj 1000), so its death
 * costs one picture, never the BFF. One message in (DecodeJob), one out (DecodeAnswer), then it exits.
 *
 * Decoders, leanest first: AV1 8-bit 4:2:0 with dav1d (WebAssembly in a fixed 64 MB memory it cannot
 * outgrow), HEVC with libheif's libde265 (WebAssembly), anything else libvips (libheif with libaom, what
 * sharp has, about 19 bytes a pixel). The WebAssembly decoders give 4:2:0 planes, made RGB and smaller
 * by an integer factor on the way (server/media/yuvPixels.ts), so full-size RGB is never held.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { readHeif, type HeifItem } from './heifBoxes.js';
import { rgbFromYuv420, type Yuv420 } from './yuvPixels.js';

export type HeavyDecoder = 'dav1d' | 'libheif' | 'libvips';

export interface DecodeJob {
  bytes: Uint8Array;
  decoder: HeavyDecoder;
  /** The intermediate's largest width (the widest variant the pipeline makes). */
  maxWidth: number;
  quality: number;
}

export type DecodeAnswer =
  { ok: true; body: Uint8Array; width: number; height: number; peakRssBytes: number } | { ok: false; error: string };

const require = createRequire(import.meta.url);

/** dav1d.js' module imports exactly this memory (1024 pages); its allocator grows into it through `sbrk`. */
const DAV1D_MEMORY_BYTES = 64 * 1024 * 1024;
/** dav1d.js' stack at the start of its memory, and its function table (emcc settings of the package). */
const DAV1D_STACK_BYTES = 5_626_096;
const DAV1D_TABLE_SIZE = 271;

/** AV1 OBUs to 4:2:0 planes with dav1d.js, whose wrapper answers only 8-bit 4:2:0 (others fail here). */
async function decodeAv1(obus: Buffer): Promise<Yuv420> {
  const memory = new WebAssembly.Memory({ initial: DAV1D_MEMORY_BYTES / 65_536, maximum: DAV1D_MEMORY_BYTES / 65_536 });
  let top = DAV1D_STACK_BYTES;
  const none = () => 0;
  const env = {
    memory,
    table: new WebAssembly.Table({ initial: DAV1D_TABLE_SIZE, maximum: DAV1D_TABLE_SIZE, element: 'anyfunc' }),
    // Out of its fixed memory, malloc gets -1 and fails cleanly (the package's own sbrk never says no).
    sbrk: (increment: number) => {
      if (top + increment > memory.buffer.byteLength) return -1;
      const old = top;
      top += increment;
      return old;
    },
    emscripten_memcpy_big: (dest: number, src: number, length: number) => {
      new Uint8Array(memory.buffer).copyWithin(dest, src, src + length);
      return dest;
    },
    pthread_cond_wait: none,
    pthread_cond_signal: none,
    pthread_cond_destroy: none,
    pthread_cond_init: none,
    pthread_cond_broadcast: none,
    pthread_join: none,
    pthread_create: none,
  };
  const wasm = readFileSync(require.resolve('dav1d.js/dav1d.wasm'));
  const { instance } = await WebAssembly.instantiate(wasm, { env });
  const ffi = instance.exports as Record<string, (...args: number[]) => number>;
  const context = ffi.djs_init!();
  const obuAt = ffi.djs_alloc_obu!(obus.length);
  if (!context || !obuAt) throw new Error('dav1d: no memory to start');
  new Uint8Array(memory.buffer).set(obus, obuAt);
  const frameAt = ffi.djs_decode_obu!(context, obuAt, obus.length, 0);
  if (!frameAt) throw new Error('dav1d: not decodable (only 8-bit 4:2:0 AV1 within 64 MB)');
  const [width, height, , dataAt] = new Uint32Array(memory.buffer, frameAt, 4) as unknown as [
    number,
    number,
    number,
    number,
  ];
  const chromaWidth = width >> 1;
  const lumaBytes = width * height;
  const chromaBytes = ((width + 1) >> 1) * ((height + 1) >> 1);
  const all = new Uint8Array(memory.buffer);
  return {
    width,
    height,
    y: all.subarray(dataAt, dataAt + lumaBytes),
    u: all.subarray(dataAt + lumaBytes, dataAt + lumaBytes + chromaBytes),
    v: all.subarray(dataAt + lumaBytes + chromaBytes, dataAt + lumaBytes + 2 * chromaBytes),
    strideY: width,
    strideC: chromaWidth,
  };
}

interface LibheifChannel {
  id: number;
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}
interface Libheif {
  heif_context_alloc(): unknown;
  heif_context_free(context: unknown): void;
  heif_context_read_from_memory(context: unknown, bytes: Buffer): { code: unknown; message: string };
  heif_js_context_get_list_of_top_level_image_IDs(context: unknown): number[];
  heif_js_context_get_image_handle(context: unknown, id: number): unknown;
  heif_image_handle_is_primary_image(handle: unknown): number;
  heif_image_handle_release(handle: unknown): void;
  heif_js_decode_image2(
    handle: unknown,
    colorspace: number,
    chroma: number,
  ): Promise<{ code?: number; image: unknown; width: number; height: number; channels: LibheifChannel[] }>;
  heif_image_release(image: unknown): void;
  heif_error_code: { heif_error_Ok: unknown };
  heif_colorspace: { heif_colorspace_YCbCr: number };
  heif_chroma: { heif_chroma_420: number };
  heif_channel: { heif_channel_Y: number; heif_channel_Cb: number; heif_channel_Cr: number };
  onRuntimeInitialized?: () => void;
  calledRun?: boolean;
}

/** HEVC (HEIC) to 4:2:0 planes with libheif's libde265; libheif applies the file's rotation and mirror itself. */
async function decodeHevc(bytes: Buffer): Promise<Yuv420> {
  const factory = require('libheif-js/libheif-wasm/libheif.js') as (options: { wasmBinary: Buffer }) => Libheif;
  const heif = factory({ wasmBinary: readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm')) });
  await new Promise<void>((ready) => (heif.calledRun ? ready() : (heif.onRuntimeInitialized = ready)));
  const context = heif.heif_context_alloc();
  const read = heif.heif_context_read_from_memory(context, bytes);
  if (read.code !== heif.heif_error_code.heif_error_Ok) throw new Error(`libheif: ${read.message}`);
  const handles = heif
    .heif_js_context_get_list_of_top_level_image_IDs(context)
    .map((id) => heif.heif_js_context_get_image_handle(context, id));
  const handle = handles.find((h) => heif.heif_image_handle_is_primary_image(h)) ?? handles[0];
  if (!handle) throw new Error('libheif: no picture');
  const image = await heif.heif_js_decode_image2(
    handle,
    heif.heif_colorspace.heif_colorspace_YCbCr,
    heif.heif_chroma.heif_chroma_420,
  );
  if (!image || image.code || !image.channels) throw new Error('libheif: not decodable');
  const channel = (id: number) => image.channels.find((c) => c.id === id)!;
  const [y, u, v] = [
    heif.heif_channel.heif_channel_Y,
    heif.heif_channel.heif_channel_Cb,
    heif.heif_channel.heif_channel_Cr,
  ].map(channel) as [LibheifChannel, LibheifChannel, LibheifChannel];
  if (!y || !u || !v || y.stride < y.width) throw new Error('libheif: not 8-bit 4:2:0');
  // The planes are copies in JavaScript: the WebAssembly side is let go before they are used.
  heif.heif_image_release(image.image);
  for (const h of handles) heif.heif_image_handle_release(h);
  heif.heif_context_free(context);
  return { width: y.width, height: y.height, y: y.data, u: u.data, v: v.data, strideY: y.stride, strideC: u.stride };
}

/** The file's rotation (irot, counter-clockwise) and mirror (imir), which only the dav1d path applies itself. */
function upright(image: Sharp, item: HeifItem): Sharp {
  let turned = item.rotation ? image.rotate((360 - 90 * item.rotation) % 360) : image;
  if (item.mirror === 'vertical') turned = turned.flop();
  if (item.mirror === 'horizontal') turned = turned.flip();
  return turned;
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * A WebAssembly memory is let go only by a full collection after the call that held it has returned:
 * measured on a 12 MP AVIF, RssAnon 63 → 33 MB with a turn of the event loop between, none without.
 */
async function freeUnreachable(): Promise<void> {
  await new Promise((next) => setImmediate(next));
  gc?.();
}

async function intermediate(job: DecodeJob): Promise<{ body: Buffer; width: number; height: number }> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const resize = { width: job.maxWidth, withoutEnlargement: true } as const;
  const jpeg = { quality: job.quality } as const;
  let image: Sharp;
  if (job.decoder === 'libvips') {
    image = sharp(bytes, { failOn: 'error', limitInputPixels: false }).rotate();
  } else {
    const item = readHeif(bytes);
    if (!item) throw new Error('not a HEIF file this reads');
    let planes: Yuv420 | undefined =
      job.decoder === 'dav1d' && item.data ? await decodeAv1(item.data) : await decodeHevc(bytes);
    // The largest integer factor that keeps the picture at least maxWidth wide.
    const factor = Math.max(1, Math.floor(Math.max(planes.width, planes.height) / job.maxWidth));
    const rgb = rgbFromYuv420(planes, factor, item);
    // The decoder's memory goes before encoding: the peak is the larger of the two steps, not their sum.
    planes = undefined;
    await freeUnreachable();
    image = sharp(rgb.pixels, { raw: { width: rgb.width, height: rgb.height, channels: 3 } });
    if (job.decoder === 'dav1d') image = upright(image, item);
  }
  const { data, info } = await image.resize(resize).jpeg(jpeg).toBuffer({ resolveWithObject: true });
  return { body: data, width: info.width, height: info.height };
}

function peakRssBytes(): number {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

sharp.cache(false);
sharp.concurrency(1);
try {
  // The kernel's OOM killer takes this process before any other in the container.
  writeFileSync('/proc/self/oom_score_adj', '1000');
} catch {
  // Not Linux, or not allowed: the BFF's deadline and the gate still bound it.
}

process.once('message', (job: DecodeJob) => {
  const answer = (message: DecodeAnswer) =>
    process.connected ? process.send!(message, () => process.exit(0)) : process.exit(0);
  intermediate(job).then(
    (made) => answer({ ok: true, ...made, peakRssBytes: peakRssBytes() }),
    (err: unknown) => answer({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The BFF went: nothing is left to decode for.
process.on('disconnect', () => process.exit(0));
