import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { Agent, request } from 'undici';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { HEAVY_ORIGINALS, P3_GREEN } from '../../../sandbox/services/media-heavy.js';
import { testRedisUrl } from '../../support/testRedis.js';
import { startTestStack } from '../../support/testStack.js';
import { listen } from '../../../scripts/stack/composedBff.js';

/**
 * Heavy originals over HTTP (docs/pictures.md, "Heavy originals"): the sandbox's media service sends what a
 * dealer's phone or system may send (12 MP AVIF in every flavour, HEIC, a 16 MP AVIF, a 16-bit PNG, a flat 4096²
 * AVIF, Display P3 photos, transparency, a turned picture), and the BFF shows each it can within its memory budget's
 * decode share, decoding AVIF and HEIC with libavif's and libheif's tools in a process of their own, once, into an
 * intermediate. Every assertion is on answers, pictures and the gate's own accounting in /metrics; nothing is timed.
 */

jest.setTimeout(180_000);

const MB = 1024 * 1024;
const HEAVY_FILES = Object.keys(HEAVY_ORIGINALS);
let sandbox: SandboxHere;
const agent = new Agent({ connections: 32 });

/**
 * A BFF of its own (its own variants in Redis, as a replica of its own), at MEMORY_BUDGET_MB 256: a 96 MB decode share.
 * Its decoders' deadline and a shopper's wait for them are bounds only a hang reaches (production's 30 s and 20 s are
 * met by an idle machine, not always by a loaded one): a stand-in or a killed decoder is seen where a test asks for it.
 */
async function startBff(env: Record<string, string> = {}, prefix = `test:heavy:${randomBytes(6).toString('hex')}:`) {
  const app = (
    await startTestStack({
      bff: 'app',
      sandbox,
      env: {
        REDIS_URL: testRedisUrl,
        IMAGE_STORE_REDIS_PREFIX: prefix,
        MEMORY_BUDGET_MB: '256',
        IMAGE_DECODE_TIMEOUT_MS: '150000',
        IMAGE_HEAVY_WAIT_MS: '150000',
        ...env,
      },
    })
  ).bff;
  const server = await listen(app.app);
  await waitUntil(() => app.redis.available() !== undefined);
  return { app, server, prefix, close: async () => (await server.close(), await app.close()) };
}
type Bff = Awaited<ReturnType<typeof startBff>>;

async function get(bff: Bff, path: string, accept = 'image/webp,*/*') {
  const res = await request(`${bff.server.origin}${path}`, {
    dispatcher: agent,
    headers: { host: 'se.localhost', accept },
  });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

/** A metric's value in this BFF's registry, by its labels. */
async function metric(bff: Bff, name: string, labels: Record<string, string> = {}): Promise<number> {
  const found = bff.app.metrics.registry.getSingleMetric(name);
  if (!found) return 0;
  return (await found.get()).values
    .filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value))
    .reduce((sum, v) => sum + v.value, 0);
}

beforeAll(async () => {
  sandbox = await startSandboxHere();
  // Each made at the sandbox first (a 12 MP AVIF takes it seconds), so the BFF's fetches meet them made.
  for (const file of HEAVY_FILES) {
    const res = await fetch(`${sandbox.url}/media/heavy/${file}`);
    expect([file, res.status]).toEqual([file, 200]);
    await res.arrayBuffer();
  }
});
afterAll(async () => {
  await agent.close();
  await sandbox?.close();
});

/** The picture's pixel at (x, y) as sRGB numbers with alpha. */
async function pixelAt(body: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe('heavy originals', () => {
  let bff: Bff;
  beforeAll(async () => (bff = await startBff()));
  afterAll(() => bff.close());

  it('shows a 12 MP photo in every flavour a phone or camera writes at 256 MB, each decoded once by its library', async () => {
    const jpeg = await get(bff, '/media/heavy/photo-12mp.jpg?w=640');
    const reference = await sharp(jpeg.body).stats();
    for (const [file, decoder] of [
      ['photo-12mp.avif', 'libavif'],
      ['photo-12mp-444.avif', 'libavif'],
      ['photo-12mp-10bit.avif', 'libavif'],
      ['photo-12mp-422.avif', 'libavif'],
      ['photo-12mp-grid.avif', 'libavif'],
      ['photo-12mp.heic', 'libheif'],
    ] as const) {
      const decoded = () => metric(bff, 'bff_image_heavy_decodes_total', { decoder, outcome: 'ok' });
      const before = await decoded();
      const res = await get(bff, `/media/heavy/${file}?w=640`);
      expect([file, res.status, res.headers['content-type']]).toEqual([file, 200, 'image/webp']);
      expect([file, (await decoded()) - before]).toEqual([file, 1]);
      const shown = await sharp(res.body).metadata();
      expect([file, shown.width, shown.height]).toEqual([file, 640, 480]);
      // The same photograph as the JPEG's variant: its colours came through the decoder as they should.
      const own = await sharp(res.body).stats();
      for (const [i, channel] of own.channels.slice(0, 3).entries())
        expect([file, Math.abs(channel.mean - reference.channels[i]!.mean) < 8]).toEqual([file, true]);
      // Another width comes from the intermediate: no second decode.
      expect((await get(bff, `/media/heavy/${file}?w=384`)).status).toBe(200);
    }
    expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'libavif', outcome: 'ok' })).toBe(5);
    expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'libheif', outcome: 'ok' })).toBe(1);
    expect(await metric(bff, 'bff_image_heavy_decodes_total', { outcome: 'failed' })).toBe(0);
    expect((await get(bff, '/readyz')).status).toBe(200);
  });

  it("keeps a Display P3 photo's colour (its ICC profile converted to sRGB), as AVIF and as HEIC", async () => {
    for (const file of ['green-p3.avif', 'green-p3.heic']) {
      for (const accept of ['image/webp,*/*', 'image/jpeg']) {
        const res = await get(bff, `/media/heavy/${file}?w=256`, accept);
        expect([file, res.status]).toEqual([file, 200]);
        const [r, g, b] = await pixelAt(res.body, 128, 96);
        // Read as if sRGB, the P3 numbers would be about 96,189,134.
        const off = [r! - P3_GREEN.r, g! - P3_GREEN.g, b! - P3_GREEN.b].map(Math.abs);
        expect([file, accept, Math.max(...off) <= 4]).toEqual([file, accept, true]);
        expect((await sharp(res.body).metadata()).icc).toBeUndefined();
      }
    }
  });

  it('keeps transparency where the format carries it (WebP), and lays it on white where not (JPEG)', async () => {
    const webp = await get(bff, '/media/heavy/transparent.avif?w=640');
    expect([webp.status, webp.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await pixelAt(webp.body, 2, 2))[3]).toBe(0);
    expect((await pixelAt(webp.body, 320, 240))[3]).toBe(255);
    const jpeg = await get(bff, '/media/heavy/transparent.avif?w=640', 'image/jpeg');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await pixelAt(jpeg.body, 2, 2)).map((v) => v > 250)).toEqual([true, true, true, true]);
  });

  it("turns and mirrors a picture as its file asks (irot, imir), as libheif's own decoder does", async () => {
    const res = await get(bff, '/media/heavy/turned.avif?w=64');
    expect(res.status).toBe(200);
    expect(await sharp(res.body).metadata()).toMatchObject({ width: 48, height: 64 });
    // The corners libheif's heif-dec shows for this file: red top left, blue top right, green bottom left.
    const colour = ([r, g]: number[]) => (r! > 128 ? (g! > 128 ? 'white' : 'red') : g! > 128 ? 'green' : 'blue');
    expect([
      colour(await pixelAt(res.body, 2, 2)),
      colour(await pixelAt(res.body, 45, 2)),
      colour(await pixelAt(res.body, 2, 61)),
    ]).toEqual(['red', 'blue', 'green']);
  });

  it('never admits more decoding than its share, however many heavy originals are asked for at once', async () => {
    const files = ['photo-16mp.avif', 'photo-16bit.png', 'photo-12mp-progressive.jpg', 'photo-12mp.jpg'];
    const answers = await Promise.all(
      [640, 828].flatMap((width) => files.map((file) => get(bff, `/media/heavy/${file}?w=${width}`))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const capacity = await metric(bff, 'bff_image_decode_memory_bytes', { state: 'capacity' });
    expect(capacity).toBe(96 * MB);
    const peak = await metric(bff, 'bff_image_decode_memory_bytes', { state: 'peak' });
    // The 16 MP AVIF's decoder is admitted for over 80 MB: it was, and nothing beside it past the share.
    expect(peak).toBeGreaterThan(80 * MB);
    expect(peak).toBeLessThanOrEqual(capacity);
    expect(await metric(bff, 'bff_image_decode_memory_bytes', { state: 'admitted' })).toBe(0);
  });

  it('refuses what can never fit the share at 256 MB (a 12 MP 12-bit 4:4:4 AVIF) with 502, and remembers it', async () => {
    const res = await get(bff, '/media/heavy/photo-12mp-12bit-444.avif?w=640');
    expect([res.status, res.body.length]).toEqual([502, 0]);
    // Remembered: asked again, refused before a decoder is started.
    const started = await metric(bff, 'bff_image_heavy_decodes_total');
    expect((await get(bff, '/media/heavy/photo-12mp-12bit-444.avif?w=384')).status).toBe(502);
    expect(await metric(bff, 'bff_image_decode_refusals_total', { reason: 'remembered' })).toBeGreaterThanOrEqual(1);
    expect(await metric(bff, 'bff_image_heavy_decodes_total')).toBe(started);
  });
});

describe("a heavy original's AVIF", () => {
  it("is made in the background at production's effort, a 16-bit studio shot on a flat background too", async () => {
    // libaom takes a flat background for screen content: with its intra block copy the 640 px encode needed 72 MB.
    const bff = await startBff({ IMAGE_AVIF_EFFORT: '4' });
    try {
      const quick = await get(bff, '/media/heavy/photo-16bit.png?w=640', 'image/avif,image/webp,*/*');
      expect([quick.status, quick.headers['content-type']]).toEqual([200, 'image/webp']);
      await bff.app.pictures.settled();
      const avif = await get(bff, '/media/heavy/photo-16bit.png?w=640', 'image/avif,image/webp,*/*');
      expect([avif.status, avif.headers['content-type']]).toEqual([200, 'image/avif']);
      expect(await sharp(avif.body).metadata()).toMatchObject({ width: 640, height: 640 });
      expect(
        await bff.app.log.find((line) => line.msg === 'pictures: AVIF not made in the background', 0),
      ).toBeUndefined();
    } finally {
      await bff.close();
    }
  });
});

describe('a larger budget', () => {
  it('shows what 256 MB cannot hold, each decoder admitted for a larger flavour after the leaner one failed under its limit', async () => {
    const bff = await startBff({ MEMORY_BUDGET_MB: '512' });
    try {
      const res = await get(bff, '/media/heavy/photo-12mp-12bit-444.avif?w=640');
      expect([res.status, res.headers['content-type']]).toEqual([200, 'image/webp']);
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'libavif', outcome: 'ok' })).toBe(1);
      expect(
        await bff.app.log.find(
          (line) =>
            line.msg === 'pictures: a decoder tool failed under its memory limit; trying again with the next flavour’s',
        ),
      ).toBeDefined();
    } finally {
      await bff.close();
    }
  });
});

describe('a shopper who would wait too long for a decode', () => {
  it("gets a stand-in of the picture's size, never kept, and the next view the real picture, decoded once", async () => {
    // A wait no decoder meets: the first answer is the stand-in.
    const bff = await startBff({ IMAGE_HEAVY_WAIT_MS: '1' });
    try {
      const standIn = await get(bff, '/media/heavy/photo-12mp-444.avif?w=640');
      expect([standIn.status, standIn.headers['content-type'], standIn.headers['x-cache']]).toEqual([
        200,
        'image/webp',
        'stand-in',
      ]);
      expect(standIn.headers['cache-control']).toBe('no-store');
      expect(await sharp(standIn.body).metadata()).toMatchObject({ width: 640, height: 480 });
      // The real one is made and kept meanwhile: the next view gets it, and the photo was decoded once.
      await bff.app.pictures.settled();
      const real = await get(bff, '/media/heavy/photo-12mp-444.avif?w=640');
      expect([real.status, real.headers['x-cache']]).toEqual([200, 'hit']);
      expect(await pixelAt(real.body, 320, 240)).not.toEqual(await pixelAt(standIn.body, 320, 240));
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'libavif', outcome: 'ok' })).toBe(1);
    } finally {
      await bff.close();
    }
  });

  it('gets a stand-in too when the picture is decoded here (a 16-bit PNG) and its variant is what takes long', async () => {
    // The wait covers everything after the original's header: the decode, and the variant's own turn, which on a busy
    // machine waits for a place and for memory behind the decoders admitted before it (a 16-bit PNG's first answer
    // came after 35 s so, past an edge's 30 s). Here its picture is decoded already and only the variant is left.
    const bff = await startBff({ IMAGE_HEAVY_WAIT_MS: '1' });
    try {
      const first = await get(bff, '/media/heavy/photo-16bit.png?w=640');
      expect([first.status, first.headers['x-cache']]).toEqual([200, 'stand-in']);
      await bff.app.pictures.settled();
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'here', outcome: 'ok' })).toBe(1);
      // Decoded once, held here: a new width is a transform of the intermediate, which no wait of 1 ms covers.
      const standIn = await get(bff, '/media/heavy/photo-16bit.png?w=1920');
      expect([standIn.status, standIn.headers['x-cache'], standIn.headers['cache-control']]).toEqual([
        200,
        'stand-in',
        'no-store',
      ]);
      expect(await sharp(standIn.body).metadata()).toMatchObject({ width: 1920, height: 1920 });
      await bff.app.pictures.settled();
      const real = await get(bff, '/media/heavy/photo-16bit.png?w=1920');
      expect([real.status, real.headers['x-cache']]).toEqual([200, 'hit']);
      expect(await pixelAt(real.body, 960, 960)).not.toEqual(await pixelAt(standIn.body, 960, 960));
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'here', outcome: 'ok' })).toBe(1);
    } finally {
      await bff.close();
    }
  });
});

/** This process's child running `tool` (prlimit, choom and nice exec into it, keeping the pid), if there is one. */
function childRunning(tool: string): number | undefined {
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      if (/^Name:\s+(\S+)/m.exec(status)?.[1] === tool && /^PPid:\s+(\d+)/m.exec(status)?.[1] === String(process.pid))
        return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

describe('a decoder killed in a busy moment', () => {
  it('is started once more and its picture shown: the picture is not remembered as failed', async () => {
    const bff = await startBff();
    try {
      const answer = get(bff, '/media/heavy/photo-16mp.avif?w=640');
      // What the container's OOM killer does to a decoder (choom makes it the first choice) when the group runs out.
      let decoder: number | undefined;
      await waitUntil(() => (decoder = childRunning('avifdec')) !== undefined, 'avifdec started', { everyMs: 5 });
      process.kill(decoder!, 'SIGKILL');
      const res = await answer;
      expect([res.status, res.headers['content-type'], res.headers['x-cache']]).toEqual([200, 'image/webp', 'miss']);
      expect(await sharp(res.body).metadata()).toMatchObject({ width: 640, height: 480 });
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'libavif', outcome: 'killed' })).toBe(1);
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'libavif', outcome: 'ok' })).toBe(1);
      expect(
        await bff.app.log.find((line) => line.msg === 'pictures: a decoder tool died; decoding it once more'),
      ).toMatchObject({ outcome: 'killed' });
      expect((await get(bff, '/media/heavy/photo-16mp.avif?w=384')).status).toBe(200);
    } finally {
      await bff.close();
    }
  });
});

describe('a picture that kills its decoder every time', () => {
  it('is answered 502 after its second death, remembered by every replica, and kills nothing on the next request', async () => {
    // The shortest deadline, and each decoder stopped as it starts (as on a machine with no core to spare: on an idle
    // one avifdec decodes this 12 MP picture within the 100 ms): the decoder is killed, started once more and killed again.
    const first = await startBff({ IMAGE_DECODE_TIMEOUT_MS: '100' });
    const replica = await startBff({ IMAGE_DECODE_TIMEOUT_MS: '100' }, first.prefix);
    const freezing = stopEachChild('avifdec');
    try {
      const killed = await get(first, '/media/heavy/photo-12mp.avif?w=640');
      freezing.end();
      expect([killed.status, killed.body.length]).toEqual([502, 0]);
      expect(await metric(first, 'bff_image_heavy_decodes_total', { decoder: 'libavif', outcome: 'deadline' })).toBe(2);
      expect(
        await first.app.log.find(
          (line) => line.msg === 'pictures: a heavy original could not be decoded; remembered as failed',
        ),
      ).toMatchObject({ outcome: 'deadline' });
      // Again, here and on the other replica (a retry nginx sends on): 502 at once, no decoder started.
      expect((await get(first, '/media/heavy/photo-12mp.avif?w=384')).status).toBe(502);
      await first.app.pictures.settled();
      expect((await get(replica, '/media/heavy/photo-12mp.avif?w=640')).status).toBe(502);
      expect(await metric(first, 'bff_image_heavy_decodes_total')).toBe(2);
      expect(await metric(replica, 'bff_image_heavy_decodes_total')).toBe(0);
      expect(await metric(replica, 'bff_image_decode_refusals_total', { reason: 'remembered' })).toBeGreaterThan(0);
      // Both live, and an ordinary picture is still made.
      for (const bff of [first, replica]) {
        expect((await get(bff, '/readyz')).status).toBe(200);
        expect((await get(bff, '/media/heavy/photo-12mp.jpg?w=256')).status).toBe(200);
      }
    } finally {
      freezing.end();
      await replica.close();
      await first.close();
    }
  });
});

/** Stops (SIGSTOP) each child of this process running `tool` as soon as it is seen, until `end()`. */
function stopEachChild(tool: string): { end: () => void } {
  const stopped = new Set<number>();
  const timer = setInterval(() => {
    const pid = childRunning(tool);
    if (pid === undefined || stopped.has(pid)) return;
    stopped.add(pid);
    try {
      process.kill(pid, 'SIGSTOP');
    } catch {
      // Gone meanwhile.
    }
  }, 2);
  return { end: () => clearInterval(timer) };
}
