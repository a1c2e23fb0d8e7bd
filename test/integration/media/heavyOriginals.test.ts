import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { Agent, request } from 'undici';
import { listen, waitFor } from '../../support/apiHarness.js';
import { startSandboxPeer } from '../../support/sandboxPeer.js';
import { createTestApp } from '../../support/testApp.js';
import { HEAVY_ORIGINALS } from '../../../sandbox/services/media-heavy.js';

/**
 * Heavy originals over HTTP (docs/pictures.md, "Heavy originals"): the sandbox's media service sends what a
 * dealer's phone or system may send (a 12 MP AVIF, a HEIC, a 16 MP AVIF, a 16-bit PNG, a flat 4096² AVIF), and
 * the BFF shows each it can within its memory budget's decode share, decoding AVIF and HEIC in a decode process
 * of its own, once, into an intermediate. Every assertion is on answers, pictures and the gate's own accounting
 * in /metrics; nothing is timed.
 */

jest.setTimeout(180_000);

const MB = 1024 * 1024;
const HEAVY_FILES = Object.keys(HEAVY_ORIGINALS);
let sandbox: Awaited<ReturnType<typeof startSandboxPeer>>;
const agent = new Agent({ connections: 32 });

/** A BFF of its own (its own variants in Redis, as a replica of its own), at MEMORY_BUDGET_MB 256: a 96 MB decode share. */
async function startBff(env: Record<string, string> = {}, prefix = `test:heavy:${randomBytes(6).toString('hex')}:`) {
  const app = createTestApp(
    { REDIS_URL: 'redis://127.0.0.1:6379', IMAGE_STORE_REDIS_PREFIX: prefix, MEMORY_BUDGET_MB: '256', ...env },
    { sandboxUrl: sandbox.url },
  );
  const server = await listen(app.app);
  await waitFor(() => app.redis.available() !== undefined);
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
  sandbox = await startSandboxPeer();
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

describe('heavy originals', () => {
  let bff: Bff;
  beforeAll(async () => (bff = await startBff()));
  afterAll(() => bff.close());

  it('shows a 12 MP AVIF and a HEIC at the width asked for, decoded once in a decode process, and the BFF lives', async () => {
    const jpeg = await get(bff, '/media/heavy/photo-12mp.jpg?w=640');
    for (const [file, decoder] of [
      ['photo-12mp.avif', 'dav1d'],
      ['photo-12mp.heic', 'libheif'],
    ] as const) {
      const res = await get(bff, `/media/heavy/${file}?w=640`);
      expect([file, res.status, res.headers['content-type']]).toEqual([file, 200, 'image/webp']);
      const shown = await sharp(res.body).metadata();
      expect([shown.width, shown.height]).toEqual([640, 480]);
      // The same photograph as the JPEG's variant: the colours came through the decoder's YUV as they should.
      const [own, reference] = await Promise.all([sharp(res.body).stats(), sharp(jpeg.body).stats()]);
      for (const [i, channel] of own.channels.slice(0, 3).entries())
        expect(Math.abs(channel.mean - reference.channels[i]!.mean)).toBeLessThan(8);
      // Another width comes from the intermediate: no second decode.
      expect((await get(bff, `/media/heavy/${file}?w=384`)).status).toBe(200);
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder })).toBe(1);
      expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder, outcome: 'ok' })).toBe(1);
    }
    expect((await get(bff, '/readyz')).status).toBe(200);
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
    // The 16 MP AVIF's decode process alone is estimated at over 80 MB: it was admitted, and nothing beside it past the share.
    expect(peak).toBeGreaterThan(80 * MB);
    expect(peak).toBeLessThanOrEqual(capacity);
    expect(await metric(bff, 'bff_image_decode_memory_bytes', { state: 'admitted' })).toBe(0);
  });

  it('refuses what can never fit the share (a 4:4:4 12 MP AVIF, a flat 4096² one) with 502, without decoding it', async () => {
    for (const file of ['photo-12mp-444.avif', 'flat-4096.avif']) {
      const res = await get(bff, `/media/heavy/${file}?w=640`);
      expect([file, res.status, res.body.length]).toEqual([file, 502, 0]);
    }
    expect(await metric(bff, 'bff_image_heavy_decodes_total', { decoder: 'libvips', outcome: 'too_large' })).toBe(2);
    expect(await metric(bff, 'bff_image_decode_refusals_total', { reason: 'over_share' })).toBe(2);
    // Remembered: asked again, refused before the gate is asked.
    expect((await get(bff, '/media/heavy/flat-4096.avif?w=384')).status).toBe(502);
    expect(await metric(bff, 'bff_image_decode_refusals_total', { reason: 'remembered' })).toBe(1);
  });
});

describe('a picture that killed its decoder', () => {
  it('is answered 502, remembered by every replica, and kills nothing on the next request', async () => {
    // A deadline no decode process can meet (starting one alone takes longer): the decoder is killed.
    const first = await startBff({ IMAGE_DECODE_TIMEOUT_MS: '100' });
    const replica = await startBff({ IMAGE_DECODE_TIMEOUT_MS: '100' }, first.prefix);
    try {
      const killed = await get(first, '/media/heavy/photo-12mp.avif?w=640');
      expect([killed.status, killed.body.length]).toEqual([502, 0]);
      expect(await metric(first, 'bff_image_heavy_decodes_total', { decoder: 'dav1d', outcome: 'deadline' })).toBe(1);
      expect(
        await first.app.log.find(
          (line) => line.msg === 'pictures: a heavy original could not be decoded; remembered as failed',
        ),
      ).toMatchObject({ outcome: 'deadline' });
      // Again, here and on the other replica (a retry nginx sends on): 502 at once, no decoder started.
      expect((await get(first, '/media/heavy/photo-12mp.avif?w=384')).status).toBe(502);
      await first.app.pictures.settled();
      expect((await get(replica, '/media/heavy/photo-12mp.avif?w=640')).status).toBe(502);
      expect(await metric(first, 'bff_image_heavy_decodes_total')).toBe(1);
      expect(await metric(replica, 'bff_image_heavy_decodes_total')).toBe(0);
      expect(await metric(replica, 'bff_image_decode_refusals_total', { reason: 'remembered' })).toBeGreaterThan(0);
      // Both live, and an ordinary picture is still made.
      for (const bff of [first, replica]) {
        expect((await get(bff, '/readyz')).status).toBe(200);
        expect((await get(bff, '/media/heavy/photo-12mp.jpg?w=256')).status).toBe(200);
      }
    } finally {
      await replica.close();
      await first.close();
    }
  });
});
