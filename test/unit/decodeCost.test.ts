import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { planDecode, readPictureHeader, transformBytes } from '../../server/media/decodeCost.js';
import { readHeif } from '../../server/media/heifBoxes.js';
import { rgbFromYuv420 } from '../../server/media/yuvPixels.js';

const MB = 1024 * 1024;
const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 80, b: 40, alpha: 0.5 } } });

describe("an original's decode cost, from its header", () => {
  it('reads size, samples and bit depth of each format without decoding a pixel', async () => {
    const cases: [Buffer, object][] = [
      [
        await picture(300, 200).jpeg().toBuffer(),
        { format: 'jpeg', width: 300, height: 200, channels: 3, whole: false },
      ],
      [await picture(300, 200).jpeg({ progressive: true }).toBuffer(), { format: 'jpeg', whole: true }],
      [
        await picture(300, 200, 4).png().toBuffer(),
        { format: 'png', width: 300, height: 200, channels: 4, bitDepth: 8 },
      ],
      [await picture(64, 32).toColourspace('rgb16').png().toBuffer(), { format: 'png', channels: 3, bitDepth: 16 }],
      [await picture(300, 200).webp().toBuffer(), { format: 'webp', width: 300, height: 200 }],
      [await picture(300, 200, 4).webp().toBuffer(), { format: 'webp', width: 300, height: 200, channels: 4 }],
      [await picture(300, 200).gif().toBuffer(), { format: 'gif', width: 300, height: 200 }],
    ];
    for (const [bytes, expected] of cases) expect(readPictureHeader(bytes)).toMatchObject(expected);
    expect(readPictureHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('reads an AVIF: its primary item, size, chroma, bit depth and where its AV1 data is', async () => {
    const avif420 = await picture(320, 240).avif({ chromaSubsampling: '4:2:0' }).toBuffer();
    const item = readHeif(avif420)!;
    expect(item).toMatchObject({ type: 'av01', codec: 'av01', width: 320, height: 240, bitDepth: 8, chroma: '420' });
    expect(item.data!.length).toBeGreaterThan(10);
    expect(readHeif(await picture(320, 240).avif().toBuffer())).toMatchObject({ chroma: '444' });
    // The sandbox's HEIC (made by libheif's heif-enc with x265): HEVC, 8-bit 4:2:0.
    const heic = readFileSync(new URL('../../sandbox/fixtures/photo-12mp.heic', import.meta.url));
    expect(readHeif(heic)).toMatchObject({
      type: 'hvc1',
      codec: 'hvc1',
      width: 4032,
      height: 3024,
      bitDepth: 8,
      chroma: '420',
    });
    // A file cut short reads as nothing, never as an error.
    expect(readHeif(avif420.subarray(0, 60))).toBeUndefined();
  });

  it('plans every HEIF in a decode process, heavy originals once into an intermediate, the rest per variant', async () => {
    const want = { width: 640, format: 'webp' } as const;
    const smallAvif = readPictureHeader(await picture(320, 240).avif({ chromaSubsampling: '4:2:0' }).toBuffer())!;
    expect(planDecode(smallAvif, want, 1_000)).toMatchObject({ kind: 'intermediate', decoder: 'dav1d' });
    // 12 MP headers, without making 12 MP pictures: the cost depends on the header alone.
    const photo = { width: 4032, height: 3024, channels: 3, bitDepth: 8, whole: false } as const;
    const heic = { ...smallAvif, ...photo, heif: { ...smallAvif.heif!, type: 'hvc1', codec: 'hvc1' as const } };
    const plan = planDecode(heic, want, 300_000);
    expect(plan).toMatchObject({ kind: 'intermediate', decoder: 'libheif' });
    // Measured: 91 MB (RssAnon) for a 12 MP HEIC in a decode process; the estimate is not below it.
    expect(plan.bytes / MB).toBeGreaterThanOrEqual(91);
    expect(plan.bytes / MB).toBeLessThanOrEqual(96);
    const avif444 = { ...heic, heif: { ...heic.heif, type: 'av01', codec: 'av01' as const, chroma: '444' as const } };
    expect(planDecode(avif444, want, 300_000)).toMatchObject({ decoder: 'libvips' });
    expect(planDecode(avif444, want, 300_000).bytes / MB).toBeGreaterThan(222);
    // A baseline 12 MP JPEG shrinks on load (1.5 MB measured at 640 px); a progressive one keeps every coefficient.
    const jpeg = { format: 'jpeg', ...photo } as const;
    expect(planDecode(jpeg, want, 3 * MB)).toMatchObject({ kind: 'here' });
    expect(transformBytes(jpeg, want) / MB).toBeLessThan(8);
    expect(planDecode({ ...jpeg, whole: true }, want, 3 * MB)).toMatchObject({
      kind: 'intermediate',
      decoder: undefined,
    });
    const png16 = { format: 'png', width: 4096, height: 4096, channels: 3, bitDepth: 16, whole: false } as const;
    expect(planDecode(png16, want, 12 * MB)).toMatchObject({ kind: 'intermediate', decoder: undefined });
    // An ordinary car photo: a few MB, here.
    expect(planDecode({ ...jpeg, width: 1600, height: 1200 }, want, 280_000).bytes / MB).toBeLessThan(8);
  });
});

describe('RGB from 4:2:0 planes', () => {
  it('converts full and limited range with the file matrix, smaller by an integer factor', () => {
    const width = 4;
    const height = 4;
    const planes = (y: number, u: number, v: number) => ({
      width,
      height,
      y: new Uint8Array(width * height).fill(y),
      u: new Uint8Array(4).fill(u),
      v: new Uint8Array(4).fill(v),
      strideY: width,
      strideC: 2,
    });
    const grey = rgbFromYuv420(planes(128, 128, 128), 2, { matrix: 6, fullRange: true });
    expect([grey.width, grey.height, [...grey.pixels.subarray(0, 3)]]).toEqual([2, 2, [128, 128, 128]]);
    // Limited-range white and black.
    expect([...rgbFromYuv420(planes(235, 128, 128), 1, { matrix: 1, fullRange: false }).pixels.subarray(0, 3)]).toEqual(
      [255, 255, 255],
    );
    expect([...rgbFromYuv420(planes(16, 128, 128), 1, { matrix: 1, fullRange: false }).pixels.subarray(0, 3)]).toEqual([
      0, 0, 0,
    ]);
    // BT.601 full-range red (Y 76, Cb 85, Cr 255).
    const red = [
      ...rgbFromYuv420(planes(76, 85, 255), 1, { matrix: undefined, fullRange: undefined }).pixels.subarray(0, 3),
    ];
    expect(red[0]).toBeGreaterThan(250);
    expect(red[1]).toBeLessThan(5);
    expect(red[2]).toBeLessThan(5);
  });
});
