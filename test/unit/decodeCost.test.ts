import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { planDecode, readPictureHeader, transformBytes } from '../../server/media/transform/decodeCost.js';

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
    for (const [bytes, expected] of cases) expect(await readPictureHeader(bytes)).toMatchObject(expected);
    expect(await readPictureHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('reads a HEIF as libheif does: size, bit depth, alpha and codec, from its boxes', async () => {
    const avif = await picture(320, 240, 4).avif({ bitdepth: 10 }).toBuffer();
    expect(await readPictureHeader(avif)).toMatchObject({
      format: 'heif',
      width: 320,
      height: 240,
      bitDepth: 10,
      channels: 4,
      heif: { codec: 'av1' },
    });
    // The sandbox's HEIC (made by libheif's heif-enc with x265): HEVC, 8-bit.
    const heic = readFileSync(new URL('../../sandbox/fixtures/photo-12mp.heic', import.meta.url));
    expect(await readPictureHeader(heic)).toMatchObject({
      width: 4032,
      height: 3024,
      bitDepth: 8,
      heif: { codec: 'hevc' },
    });
    // A file cut short reads as nothing, never as an error.
    expect(await readPictureHeader(avif.subarray(0, 60))).toBeUndefined();
  });

  it('plans every HEIF for its decoder tool, heavy originals once into an intermediate, the rest per variant', async () => {
    const want = { width: 640, format: 'webp' } as const;
    // 12 MP headers, without making 12 MP pictures: the cost depends on the header alone.
    const photo = { width: 4032, height: 3024, channels: 3, bitDepth: 8, whole: false } as const;
    const avif = { format: 'heif', ...photo, heif: { codec: 'av1' } } as const;
    const plan = planDecode(avif, want);
    expect(plan).toMatchObject({ kind: 'intermediate', decoder: 'libavif' });
    // Measured peak RSS of avifdec on 12 MP: 67 MB (8-bit 4:2:0), 86 (4:4:4, 10-bit 4:2:0), 122 (10-bit 4:4:4): admitted
    // for each in turn, the first two within the 96 MB share at 256 MB.
    const attempts = (plan as { attempts: number[] }).attempts.map((bytes) => bytes / MB);
    expect(attempts[0]).toBeGreaterThanOrEqual(67);
    expect(attempts[1]).toBeGreaterThanOrEqual(86);
    expect(attempts[1]).toBeLessThanOrEqual(96);
    expect(attempts[2]).toBeGreaterThanOrEqual(122);
    expect(planDecode({ ...avif, heif: { codec: 'hevc' } }, want)).toMatchObject({ decoder: 'libheif' });
    // A 10-bit HEIC: heif-convert 185 MB at its peak, admitted so at once.
    const deepHeic = planDecode({ ...avif, bitDepth: 10, heif: { codec: 'hevc' } }, want) as { attempts: number[] };
    expect(deepHeic.attempts.map((bytes) => bytes / MB)).toEqual([expect.any(Number)]);
    expect(deepHeic.attempts[0]! / MB).toBeGreaterThanOrEqual(185);
    // A baseline 12 MP JPEG shrinks on load (1.5 MB measured at 640 px); a progressive one keeps every coefficient.
    const jpeg = { format: 'jpeg', ...photo } as const;
    expect(planDecode(jpeg, want)).toMatchObject({ kind: 'here' });
    expect(transformBytes(jpeg, want) / MB).toBeLessThan(8);
    expect(planDecode({ ...jpeg, whole: true }, want)).toMatchObject({
      kind: 'intermediate',
      decoder: undefined,
    });
    const png16 = { format: 'png', width: 4096, height: 4096, channels: 3, bitDepth: 16, whole: false } as const;
    expect(planDecode(png16, want)).toMatchObject({ kind: 'intermediate', decoder: undefined });
    // An ordinary car photo: a few MB, here.
    expect(planDecode({ ...jpeg, width: 1600, height: 1200 }, want).bytes / MB).toBeLessThan(8);
  });
});
