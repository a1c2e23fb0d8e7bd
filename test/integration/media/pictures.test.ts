import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { Agent, request } from 'undici';
import { listen, waitFor } from '../../support/apiHarness.js';
import { startPhotoOrigin, UNKNOWN_VERSION } from '../../support/photoOrigin.js';
import { startSandboxPeer } from '../../support/sandboxPeer.js';
import { createTestApp } from '../../support/testApp.js';
import { etagOf } from '../../../server/media/transformPicture.js';
import { RedisVariantStore } from '../../../server/media/variantStores.js';

jest.setTimeout(30_000);

/** This file's variants in Redis, apart from every other test's; both BFFs below share it, as replicas do. */
const STORE_PREFIX = `test:img:${process.pid}-${randomBytes(4).toString('hex')}:`;
const ENV = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  IMAGE_STORE_REDIS_PREFIX: STORE_PREFIX,
  IMAGE_STORE_TTL_S: '120',
  // Two running (one per core here) and two waiting: the queue's bound is reached with a handful of requests.
  IMAGE_TRANSFORM_QUEUE: '2',
  // 50 KB of new variants per client: a few 1080 px variants.
  STORE_BUDGET_IMAGES: '0.05/600',
  TRUST_PROXY: '1',
};

let origin: Awaited<ReturnType<typeof startPhotoOrigin>>;
let bff: ReturnType<typeof createTestApp>;
let server: Awaited<ReturnType<typeof listen>>;
const agent = new Agent({ connections: 128 });
beforeAll(async () => {
  origin = await startPhotoOrigin();
  bff = createTestApp({ ...ENV, UPSTREAM_MEDIA_URL: origin.url });
  server = await listen(bff.app);
  await waitFor(() => bff.redis.available() !== undefined);
});
afterAll(async () => {
  await agent.close();
  await server?.close();
  await bff?.close();
  await origin?.close();
});

/** A version no test has asked for: every test's variants are new. */
const fresh = () => randomBytes(4).toString('hex');
let clients = 0;
/** A client address of its own per call unless one is given: budgets and queue shares are per client. */
async function get(path: string, headers: Record<string, string> = {}, on = server) {
  const res = await request(`${on.origin}${path}`, {
    dispatcher: agent,
    headers: { host: 'se.localhost', accept: 'image/webp,*/*', 'x-forwarded-for': `198.51.100.${++clients % 250}`, ...headers },
  });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

/** Whether EXIF names a GPS block (the GPSInfo pointer, tag 0x8825 of type LONG, in either byte order). */
const hasGpsBlock = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])));

/** Transforms this BFF has made, of every format (the counter in /metrics). */
async function transforms(app = bff): Promise<number> {
  const values = (await app.metrics.registry.getSingleMetric('bff_image_transforms_total')!.get()).values;
  return values.reduce((sum, v) => sum + v.value, 0);
}

describe('picture variants', () => {
  it('refuses a width or quality off the allow-list with 400 in the error shape, before asking the media service or transforming', async () => {
    const before = { upstream: origin.requests(), transforms: await transforms() };
    for (const query of ['w=641', 'w=abc', 'w=640&w=828', 'w=640&q=80', 'q=75', 'w=640&v=not-hex', 'w=99999999']) {
      for (const path of ['/media/cars/1/1.jpg', '/media/brands/logo.svg']) {
        const res = await get(`${path}?${query}`);
        expect([query, path, res.status]).toEqual([query, path, 400]);
        expect(JSON.parse(res.body.toString())).toEqual({ error: { code: 'invalid_image_variant', message: expect.any(String), requestId: expect.any(String) } });
      }
    }
    expect({ upstream: origin.requests(), transforms: await transforms() }).toEqual(before);
  });

  it('sends the picture at the width asked for, and never wider than the original', async () => {
    const v = fresh();
    const narrow = await sharp((await get(`/media/cars/1/1.jpg?w=384&v=${v}`)).body).metadata();
    expect([narrow.width, narrow.height]).toEqual([384, 288]);
    const small = await get(`/media/content/small.png?w=1080&v=${v}`);
    expect(small.status).toBe(200);
    expect((await sharp(small.body).metadata()).width).toBe(300);
  });

  it('leaves every metadata block behind: the GPS position, EXIF, XMP', async () => {
    const original = await sharp(origin.file('/cars/1/1.jpg')).metadata();
    expect(hasGpsBlock(original.exif)).toBe(true);
    expect(original.xmp).toBeDefined();
    for (const accept of ['image/webp', 'image/jpeg']) {
      const res = await get(`/media/cars/1/1.jpg?w=640&v=${fresh()}`, { accept });
      const variant = await sharp(res.body).metadata();
      expect({ exif: variant.exif, xmp: variant.xmp, iptc: variant.iptc, icc: variant.icc }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, icc: undefined });
      expect(hasGpsBlock(res.body)).toBe(false);
    }
  });

  it('turns a photo stored sideways upright (EXIF orientation applied)', async () => {
    const variant = await sharp((await get(`/media/cars/1/2.jpg?w=640&v=${fresh()}`)).body).metadata();
    expect([variant.width, variant.height, variant.orientation]).toEqual([640, 853, undefined]);
  });

  it("sends the best format the browser's Accept names (AVIF made in the background, WebP meanwhile), with Vary: Accept", async () => {
    const path = `/media/heroes/wide.jpg?w=384&v=${fresh()}`;
    const format = async (res: { body: Buffer }) => (await sharp(res.body).metadata()).format;
    const jpeg = await get(path, { accept: '*/*' });
    expect([jpeg.headers['content-type'], await format(jpeg)]).toEqual(['image/jpeg', 'jpeg']);
    const webp = await get(path, { accept: 'image/webp,*/*' });
    expect([webp.headers['content-type'], await format(webp)]).toEqual(['image/webp', 'webp']);
    const wantsAvif = 'image/avif,image/webp,image/apng,*/*;q=0.8';
    const standIn = await get(path, { accept: wantsAvif });
    expect([standIn.headers['content-type'], standIn.headers['cache-control']]).toEqual(['image/webp', 'public, max-age=60']);
    await bff.pictures.settled();
    const avif = await get(path, { accept: wantsAvif });
    expect([avif.headers['content-type'], await format(avif), avif.headers['cache-control']]).toEqual(['image/avif', 'heif', 'public, max-age=31536000, immutable']);
    for (const res of [jpeg, webp, standIn, avif]) expect(String(res.headers.vary)).toMatch(/\bAccept\b/);
  });

  it('answers a matching If-None-Match with 304, and keeps a versioned URL a year (immutable), an unversioned one an hour', async () => {
    const path = `/media/cars/1/1.jpg?w=256&v=${fresh()}`;
    const versioned = await get(path);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(versioned.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const revalidated = await get(path, { 'if-none-match': `"other", ${etag}` });
    expect([revalidated.status, revalidated.body.length, revalidated.headers.etag]).toEqual([304, 0, etag]);
    expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    const unversioned = await get('/media/cars/1/1.jpg?w=256');
    expect(unversioned.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('passes SVG through byte for byte at a width of the list, never rasterised, and refuses one off it', async () => {
    expect((await get('/media/brands/logo.svg?w=500')).status).toBe(400);
    const res = await get('/media/brands/logo.svg?w=640');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body.equals(origin.file('/brands/logo.svg'))).toBe(true);
  });

  it('makes a new variant once however many ask for it at the same time', async () => {
    const before = { upstream: origin.requests(), transforms: await transforms() };
    const path = `/media/cars/1/1.jpg?w=1080&v=${fresh()}`;
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(path, { 'x-forwarded-for': '203.0.113.100' })));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(100).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect({ upstream: origin.requests() - before.upstream, transforms: (await transforms()) - before.transforms }).toEqual({ upstream: 1, transforms: 1 });
  });

  it('serves a variant one BFF made from Redis in a second BFF, without a transform or a call to the media service', async () => {
    const second = createTestApp({ ...ENV, UPSTREAM_MEDIA_URL: origin.url });
    const secondServer = await listen(second.app);
    try {
      await waitFor(() => second.redis.available() !== undefined);
      const path = `/media/cars/1/1.jpg?w=640&v=${fresh()}`;
      const made = await get(path);
      expect(made.headers['x-cache']).toBe('miss');
      await bff.pictures.settled();
      const upstream = origin.requests();
      const there = await get(path, {}, secondServer);
      expect([there.status, there.headers['x-cache'], there.headers.etag]).toEqual([200, 'hit', made.headers.etag]);
      expect(there.body.equals(made.body)).toBe(true);
      expect({ upstream: origin.requests() - upstream, transforms: await transforms(second) }).toEqual({ upstream: 0, transforms: 0 });
    } finally {
      await secondServer.close();
      await second.close();
    }
  });

  it('answers an empty 502 for a corrupt, a truncated or a broken-off photo, or a file that is not one, and goes on serving', async () => {
    for (const name of ['corrupt', 'cut', 'breaks-off', 'disguised']) {
      const res = await get(`/media/cars/1/${name}.jpg?w=640&v=${fresh()}`);
      expect([name, res.status, res.body.length]).toEqual([name, 502, 0]);
      expect((await get(`/media/cars/1/1.jpg?w=128&v=${fresh()}`)).status).toBe(200);
    }
  });

  it('asks the media service for the version the URL names: one it does not have is an empty 404, with no transform', async () => {
    const before = await transforms();
    const res = await get(`/media/cars/1/1.jpg?w=640&v=${UNKNOWN_VERSION}`);
    expect([res.status, res.body.length]).toEqual([404, 0]);
    expect((await transforms()) - before).toBe(0);
  });

  it('never decodes an original of more pixels than allowed: an empty 502', async () => {
    const strict = createTestApp({ ...ENV, UPSTREAM_MEDIA_URL: origin.url, IMAGE_MAX_INPUT_PIXELS: String(1024 * 1024) });
    const strictServer = await listen(strict.app);
    try {
      expect((await get(`/media/cars/1/1.jpg?w=640&v=${fresh()}`, {}, strictServer)).status).toBe(502);
      expect((await get(`/media/content/small.png?w=640&v=${fresh()}`, {}, strictServer)).status).toBe(200);
    } finally {
      await strictServer.close();
      await strict.close();
    }
  });

  it('refuses transforms beyond the bounded queue with 503 and Retry-After, and serves the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get(`/media/heroes/wide.jpg?w=1280&q=${[50, 75, 90][i % 3]}&v=${fresh()}`)));
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(4);
    for (const res of busy) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(res.body.toString()).error.code).toBe('images_busy');
    }
  });

  it('serves a client over its image budget its variants, but keeps none of them', async () => {
    const client = { 'x-forwarded-for': '203.0.113.77' };
    const results: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await get(`/media/heroes/wide.jpg?w=1080&v=${fresh()}`, client);
      expect(res.status).toBe(200);
      results.push(String(res.headers['x-cache']));
    }
    const kept = results.filter((r) => r === 'miss').length;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThan(8);
    expect(results).toEqual([...Array<string>(kept).fill('miss'), ...Array<string>(8 - kept).fill('bypass')]);
    // Not kept: asked again, it is made again.
    const path = `/media/heroes/wide.jpg?w=1080&v=${fresh()}`;
    await get(path, client);
    const before = await transforms();
    expect((await get(path, client)).headers['x-cache']).toBe('bypass');
    expect((await transforms()) - before).toBe(1);
  });
});

describe('the variants every replica shares in Redis', () => {
  it('never hold more than their byte bound: the soonest to expire make room for a new one', async () => {
    const prefix = `${STORE_PREFIX}bound:`;
    const store = new RedisVariantStore(bff.redis, prefix, 100 * 1024);
    const variant = (n: number) => {
      const body = randomBytes(10 * 1024);
      return { body, contentType: 'image/webp', format: 'webp' as const, etag: etagOf(body), width: n, height: n };
    };
    for (let n = 1; n <= 30; n++) expect(await store.set(`key-${n}`, variant(n), 60_000)).toBe(true);
    const client = bff.redis.available()!;
    const values = await client.keys(`${prefix}{variants}:v:*`);
    const sizes = await Promise.all(values.map((key) => client.strLen(key)));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100 * 1024);
    expect(await store.bytes()).toBeLessThanOrEqual(100 * 1024);
    expect((await store.get('key-30'))?.width).toBe(30);
    expect(await store.get('key-1')).toBeUndefined();
    // Larger than the whole store: not kept at all.
    expect(await store.set('huge', { ...variant(99), body: randomBytes(200 * 1024) }, 60_000)).toBe(false);
  });
});

describe('an image CDN', () => {
  it("is where the pages' pictures come from, and the CSP's img-src allows its origin beside the site's own", async () => {
    const sandbox = await startSandboxPeer();
    const withCdn = createTestApp({ IMAGE_URL_TEMPLATE: 'https://dealer.imgix.net/{path}?w={width}&q={quality}&auto=format' }, { sandboxUrl: sandbox.url });
    const cdnServer = await listen(withCdn.app);
    try {
      const res = await request(`${cdnServer.origin}/healthz`, { headers: { host: 'se.localhost' } });
      await res.body.dump();
      const imgSrc = String(res.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('img-src'));
      expect(imgSrc?.trim().split(/\s+/)).toEqual(expect.arrayContaining(["'self'", 'https://dealer.imgix.net']));
      // The pages' pictures (blocks and islands too) are the CDN's, and the islands find the template on <html>.
      const home = await request(`${cdnServer.origin}/`, { headers: { host: 'se.localhost' } });
      const html = await home.body.text();
      expect(html).toMatch(/<html[^>]* data-picture-template="https:\/\/dealer\.imgix\.net\/\{path\}\?w=\{width\}&amp;q=\{quality\}&amp;auto=format"/);
      expect(html).toMatch(/srcSet="https:\/\/dealer\.imgix\.net\/content\/[\w-]+\.jpg\?w=64&amp;q=75&amp;auto=format 64w, /);
      expect(html).not.toMatch(/srcSet="\/media\//);
    } finally {
      await cdnServer.close();
      await withCdn.close();
      await sandbox.close();
    }
  });
});
