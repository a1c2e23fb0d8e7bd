import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { Agent, request } from 'undici';
import type { Car, Site } from '../../../contracts/upstream/search.js';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';
import { readExif } from '../../support/exif.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { etagOf } from '../../../server/media/transform/transformPicture.js';
import { BoundedRedisTier } from '../../../server/store/boundedRedisTier.js';
import { VARIANT_CODEC } from '../../../server/media/variantCodec.js';
import { testRedisUrl } from '../../support/testRedis.js';
import { startTestStack } from '../../support/testStack.js';
import { type ComposedBff, listen } from '../../../scripts/stack/composedBff.js';

/**
 * The picture pipeline over HTTP, in front of the sandbox's media service (its photographs: 1600×1200 car
 * JPEGs with a phone's EXIF and GPS, picture 3 of a car stored turned with EXIF orientation 6, 1920×1080
 * heroes, 600×600 staff portraits) and the real Redis. Each test takes cars no other test has asked for,
 * so its variants are new to this process and to Redis.
 */

jest.setTimeout(60_000);

/** This file's variants in Redis, apart from every other test's; both BFFs below share it, as replicas do. */
const STORE_PREFIX = `test:img:${process.pid}-${randomBytes(4).toString('hex')}:`;
const ENV = {
  REDIS_URL: testRedisUrl,
  IMAGE_STORE_REDIS_PREFIX: STORE_PREFIX,
  IMAGE_STORE_TTL_S: '120',
  // Two running (one per core here) and two waiting: the queue's bound is reached with a handful of requests,
  // and one with no place in line is refused at once.
  IMAGE_TRANSFORM_QUEUE: '2',
  IMAGE_TRANSFORM_WAIT_MS: '0',
  // 300 KB of new variants per client: a few 1080 px WebPs of a car photo (65–185 KB each).
  STORE_BUDGET_IMAGES: '0.3/600',
  TRUST_PROXY: '1',
};

let sandbox: SandboxHere;
let bff: ComposedBff;
let server: Awaited<ReturnType<typeof listen>>;
/** Cars of three pictures or more, each taken by one test only. */
let cars: Car[];
/** The home page's hero (1920×1080) and a staff portrait (600×600), as the content and site documents name them. */
let hero: string;
let portrait: string;
const agent = new Agent({ connections: 128 });

async function sandboxJson<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${sandbox.url}${path}`,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return (await res.json()) as T;
}

beforeAll(async () => {
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox, env: ENV })).bff;
  server = await listen(bff.app);
  cars = (await sandboxJson<{ content: Car[] }>('/search/query', { index: 'cars-se', limit: 40 })).content.filter(
    (c) => c.car_images.length >= 3,
  );
  hero = /"type":"hero".*?"src":"([^"]+)"/.exec(
    JSON.stringify(await sandboxJson('/content/se/page?lang=sv&path=/')),
  )![1]!;
  const sites = (await sandboxJson<{ content: Site[] }>('/search/query', { index: 'sites-se', limit: 5 })).content;
  portrait = sites[0]!.site_departments[0]!.users[0]!.image_url;
  await waitUntil(() => bff.redis.available() !== undefined);
});
afterAll(async () => {
  await agent.close();
  await server?.close();
  await bff?.close();
  await sandbox?.close();
});
afterEach(() => sandbox.ctx.faults.clear());

/** A car no test has asked for yet: its pictures' variants are new everywhere. */
const newCar = () => cars.shift()!;
/** The BFF's URL of a picture the sandbox's data names (an absolute URL at the sandbox, with its `v`), at a width (and quality). */
const variantOf = (url: string, width: number, quality?: number) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}${search ? '&' : '?'}w=${width}${quality ? `&q=${quality}` : ''}`;
};
/** The media service's bytes of a picture, fetched as the BFF does. */
const original = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

let clients = 0;
/** A client address of its own per call unless one is given: budgets and queue shares are per client. */
async function get(path: string, headers: Record<string, string> = {}, on = server) {
  const res = await request(`${on.origin}${path}`, {
    dispatcher: agent,
    headers: {
      host: 'se.localhost',
      accept: 'image/webp,*/*',
      'x-forwarded-for': `198.51.100.${++clients % 250}`,
      ...headers,
    },
  });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

/** Transforms this BFF has made, of every format (the counter in /metrics). */
async function transforms(app = bff): Promise<number> {
  const values = (await app.metrics.registry.getSingleMetric('bff_image_transforms_total')!.get()).values;
  return values.reduce((sum, v) => sum + v.value, 0);
}
const mediaCalls = () => sandbox.upstreamCalls('media');

describe('picture variants', () => {
  it('refuses a width or quality off the allow-list with 400 in the error shape, before asking the media service or transforming', async () => {
    const photo = new URL(cars[0]!.car_images[0]!).pathname;
    const before = { upstream: mediaCalls(), transforms: await transforms() };
    for (const query of ['w=641', 'w=abc', 'w=640&w=828', 'w=640&q=80', 'q=75', 'w=640&v=not-hex', 'w=99999999']) {
      for (const path of [photo, '/media/brands/volvo.svg']) {
        const res = await get(`${path}?${query}`);
        expect([query, path, res.status]).toEqual([query, path, 400]);
        expect(JSON.parse(res.body.toString())).toEqual({
          error: { code: 'invalid_image_variant', message: expect.any(String), requestId: expect.any(String) },
        });
      }
    }
    expect({ upstream: mediaCalls(), transforms: await transforms() }).toEqual(before);
  });

  it('sends the picture at the width asked for, and never wider than the original', async () => {
    const narrow = await sharp((await get(variantOf(newCar().car_images[0]!, 384))).body).metadata();
    expect([narrow.width, narrow.height]).toEqual([384, 288]);
    // A 600×600 portrait asked for at 1080.
    const small = await get(variantOf(portrait, 1080));
    expect(small.status).toBe(200);
    expect([(await sharp(small.body).metadata()).width, (await sharp(small.body).metadata()).height]).toEqual([
      600, 600,
    ]);
  });

  it("leaves every metadata block behind: the car photo's GPS position, its camera, all of EXIF", async () => {
    const photo = newCar().car_images[0]!;
    const exif = readExif((await sharp(await original(photo)).metadata()).exif);
    expect([exif.make, exif.gps]).toEqual(['Apple', { latitude: expect.any(Number), longitude: expect.any(Number) }]);
    for (const accept of ['image/webp', 'image/jpeg']) {
      const res = await get(variantOf(photo, 640), { accept });
      const variant = await sharp(res.body).metadata();
      expect({ accept, exif: variant.exif, xmp: variant.xmp, iptc: variant.iptc, icc: variant.icc }).toEqual({
        accept,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
      // Nowhere in the bytes either: no EXIF block's 'Exif\0\0' header, no camera make.
      expect([res.body.includes('Exif\0\0'), res.body.includes('iPhone')]).toEqual([false, false]);
    }
  });

  it('turns a photo stored sideways upright (EXIF orientation applied): picture 3 of a car, stored 1200×1600, is sent landscape', async () => {
    const turned = newCar().car_images[2]!;
    const stored = await sharp(await original(turned)).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([1200, 1600, 6]);
    const variant = await sharp((await get(variantOf(turned, 640))).body).metadata();
    expect([variant.width, variant.height, variant.orientation]).toEqual([640, 480, undefined]);
  });

  it("sends the best format the browser's Accept names (AVIF made in the background, WebP meanwhile), with Vary: Accept", async () => {
    const path = variantOf(hero, 384);
    const format = async (res: { body: Buffer }) => (await sharp(res.body).metadata()).format;
    const jpeg = await get(path, { accept: '*/*' });
    expect([jpeg.headers['content-type'], await format(jpeg)]).toEqual(['image/jpeg', 'jpeg']);
    const webp = await get(path, { accept: 'image/webp,*/*' });
    expect([webp.headers['content-type'], await format(webp)]).toEqual(['image/webp', 'webp']);
    const wantsAvif = 'image/avif,image/webp,image/apng,*/*;q=0.8';
    const standIn = await get(path, { accept: wantsAvif });
    expect([standIn.headers['content-type'], standIn.headers['cache-control']]).toEqual([
      'image/webp',
      'public, max-age=60',
    ]);
    await bff.pictures.settled();
    const avif = await get(path, { accept: wantsAvif });
    expect([avif.headers['content-type'], await format(avif), avif.headers['cache-control']]).toEqual([
      'image/avif',
      'heif',
      'public, max-age=31536000, immutable',
    ]);
    for (const res of [jpeg, webp, standIn, avif]) expect(String(res.headers.vary)).toMatch(/\bAccept\b/);
  });

  it('answers a matching If-None-Match with 304, and keeps a versioned URL a year (immutable), an unversioned one an hour', async () => {
    const photo = newCar().car_images[0]!;
    const path = variantOf(photo, 256);
    const versioned = await get(path);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(versioned.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const revalidated = await get(path, { 'if-none-match': `"other", ${etag}` });
    expect([revalidated.status, revalidated.body.length, revalidated.headers.etag]).toEqual([304, 0, etag]);
    expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    const unversioned = await get(`${new URL(photo).pathname}?w=256`);
    expect([unversioned.status, unversioned.headers['cache-control']]).toEqual([200, 'public, max-age=3600']);
  });

  it('answers a variant it holds before the app, with the same headers, a request id of its own, 304 by ETag, and the format for each Accept', async () => {
    const path = variantOf(newCar().car_images[0]!, 384);
    const made = await get(path, { accept: 'image/webp' });
    expect(made.headers['x-cache']).toBe('miss');
    // The pipeline's answer as it keeps a variant teaches the fast path this exact request (host, URL, Accept).
    const fast = await Promise.all([
      get(path, { accept: 'image/webp' }),
      get(path, { accept: 'image/webp', 'x-request-id': 'qa-picture-1' }),
    ]);
    const stable = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['x-request-id', 'date', 'x-cache', 'keep-alive', 'connection'].includes(name),
        ),
      );
    for (const res of fast) {
      expect([res.status, res.headers['x-cache']]).toEqual([200, 'hit']);
      expect(res.body.equals(made.body)).toBe(true);
      expect(stable(res.headers)).toEqual(stable(made.headers));
    }
    expect(made.headers['content-security-policy']).toBeDefined();
    expect(fast[1]!.headers['x-request-id']).toBe('qa-picture-1');
    expect(bff.log.lines.some((l) => l.requestId === 'qa-picture-1' && l.msg === 'request completed')).toBe(true);
    const revalidated = await get(path, { accept: 'image/webp', 'if-none-match': String(made.headers.etag) });
    expect([
      revalidated.status,
      revalidated.body.length,
      revalidated.headers.etag,
      revalidated.headers['cache-control'],
    ]).toEqual([304, 0, made.headers.etag, 'public, max-age=31536000, immutable']);
    // Another Accept is another request: the pipeline chooses its format.
    const jpeg = await get(path, { accept: 'image/jpeg' });
    expect([jpeg.headers['content-type'], (await sharp(jpeg.body).metadata()).format]).toEqual(['image/jpeg', 'jpeg']);
    const learned = /^bff_cache_bytes\{cache="picture_fast_path"\} (\d+)/m.exec(
      await bff.metrics.registry.metrics(),
    )?.[1];
    expect(Number(learned)).toBeGreaterThan(0);
  });

  it('passes SVG through byte for byte at a width of the list, never rasterised, and refuses one off it', async () => {
    expect((await get('/media/brands/volvo.svg?w=500')).status).toBe(400);
    const res = await get('/media/brands/volvo.svg?w=640');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body.equals(await original(`${sandbox.url}/media/brands/volvo.svg`))).toBe(true);
  });

  it('makes a new variant once however many ask for it at the same time', async () => {
    const path = variantOf(newCar().car_images[0]!, 1080);
    const before = { upstream: mediaCalls(), transforms: await transforms() };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => get(path, { 'x-forwarded-for': '203.0.113.100' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array<number>(100).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect({ upstream: mediaCalls() - before.upstream, transforms: (await transforms()) - before.transforms }).toEqual({
      upstream: 1,
      transforms: 1,
    });
  });

  it('serves a variant one BFF made from Redis in a second BFF, without a transform or a call to the media service', async () => {
    const second = (await startTestStack({ bff: 'app', sandbox, env: ENV })).bff;
    const secondServer = await listen(second.app);
    try {
      await waitUntil(() => second.redis.available() !== undefined);
      // A client of its own, whose store budget no other test has spent.
      const client = { 'x-forwarded-for': '198.51.100.77' };
      const path = variantOf(newCar().car_images[0]!, 640);
      const made = await get(path, client);
      expect(made.headers['x-cache']).toBe('miss');
      await bff.pictures.settled();
      const upstream = mediaCalls();
      const there = await get(path, client, secondServer);
      expect([there.status, there.headers['x-cache'], there.headers.etag]).toEqual([200, 'hit', made.headers.etag]);
      expect(there.body.equals(made.body)).toBe(true);
      expect({ upstream: mediaCalls() - upstream, transforms: await transforms(second) }).toEqual({
        upstream: 0,
        transforms: 0,
      });
    } finally {
      await secondServer.close();
      await second.close();
    }
  });

  it('answers an empty 502 for a corrupt, a shortened or a broken-off photo, or a web page instead of one, and goes on serving', async () => {
    const car = newCar();
    const faults = {
      garbage: { garbage: true },
      malformed: { malformed: true },
      cut: { cut: true },
      'wrong-type': { wrongContentType: true },
    };
    for (const [i, [name, fault]] of Object.entries(faults).entries()) {
      sandbox.ctx.faults.set('media', fault);
      const res = await get(variantOf(car.car_images[0]!, [640, 828, 1080, 1280][i]!));
      expect([name, res.status, res.body.length]).toEqual([name, 502, 0]);
      sandbox.ctx.faults.clear();
    }
    for (const width of [128, 256, 384, 640])
      expect((await get(variantOf(car.car_images[1]!, width))).status).toBe(200);
  });

  it('asks the media service for the version the URL names: one it does not have is an empty 404, with no transform', async () => {
    const before = await transforms();
    const res = await get(variantOf(newCar().car_images[0]!.replace(/v=\w+/, 'v=0123456789'), 640));
    expect([res.status, res.body.length]).toEqual([404, 0]);
    expect((await transforms()) - before).toBe(0);
  });

  it('never decodes an original of more pixels than allowed: an empty 502', async () => {
    const strict = (
      await startTestStack({
        bff: 'app',
        sandbox,
        env: { ...ENV, IMAGE_MAX_INPUT_PIXELS: String(1024 * 1024) },
      })
    ).bff;
    const strictServer = await listen(strict.app);
    try {
      expect((await get(variantOf(newCar().car_images[0]!, 640), {}, strictServer)).status).toBe(502);
      // 600×600: within the limit.
      expect((await get(variantOf(portrait, 384), {}, strictServer)).status).toBe(200);
    } finally {
      await strictServer.close();
      await strict.close();
    }
  });

  it('refuses transforms beyond the bounded queue with 503 and Retry-After, and serves the rest', async () => {
    const photo = newCar().car_images[0]!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        get(variantOf(photo, [1080, 1280, 1600, 1920][i % 4]!, [50, 75, 90][Math.floor(i / 4)])),
      ),
    );
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
    const car = newCar();
    const results: string[] = [];
    // Eight new variants: two pictures, at two widths, in two qualities.
    for (let i = 0; i < 8; i++) {
      const res = await get(variantOf(car.car_images[i % 2]!, [1080, 1280][(i >> 1) % 2]!, [50, 90][i >> 2]), client);
      expect(res.status).toBe(200);
      results.push(String(res.headers['x-cache']));
    }
    const kept = results.filter((r) => r === 'miss').length;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThan(8);
    expect(results).toEqual([...Array<string>(kept).fill('miss'), ...Array<string>(8 - kept).fill('bypass')]);
    // Not kept: asked again, it is made again.
    const path = variantOf(car.car_images[2]!, 1080);
    await get(path, client);
    const before = await transforms();
    expect((await get(path, client)).headers['x-cache']).toBe('bypass');
    expect((await transforms()) - before).toBe(1);
  });
});

describe('the variants every replica shares in Redis', () => {
  it('never hold more than their byte bound: the soonest to expire make room for a new one', async () => {
    const prefix = `${STORE_PREFIX}bound:`;
    const store = new BoundedRedisTier(bff.redis, {
      prefix,
      tag: 'variants',
      maxBytes: 100 * 1024,
      codec: VARIANT_CODEC,
    });
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
    expect(await store.read('key-30')).toMatchObject({ width: 30 });
    expect(await store.read('key-1')).toBeUndefined();
    // Larger than the whole store: not kept at all.
    expect(await store.set('huge', { ...variant(99), body: randomBytes(200 * 1024) }, 60_000)).toBe(false);
  });
});

describe('an image CDN', () => {
  it("is where the pages' pictures come from, and the CSP's img-src allows its origin beside the site's own", async () => {
    const withCdn = (
      await startTestStack({
        bff: 'app',
        sandbox,
        env: { IMAGE_URL_TEMPLATE: 'https://dealer.imgix.net/{path}?w={width}&q={quality}&auto=format' },
      })
    ).bff;
    const cdnServer = await listen(withCdn.app);
    try {
      const res = await request(`${cdnServer.origin}/healthz`, { headers: { host: 'se.localhost' } });
      await res.body.dump();
      const imgSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('img-src'));
      expect(imgSrc?.trim().split(/\s+/)).toEqual(expect.arrayContaining(["'self'", 'https://dealer.imgix.net']));
      // The pages' pictures (blocks and islands too) are the CDN's, and the islands find the template on <html>.
      const home = await request(`${cdnServer.origin}/`, { headers: { host: 'se.localhost' } });
      const html = await home.body.text();
      expect(html).toMatch(
        /<html[^>]* data-picture-template="https:\/\/dealer\.imgix\.net\/\{path\}\?w=\{width\}&amp;q=\{quality\}&amp;auto=format"/,
      );
      expect(html).toMatch(
        /srcSet="https:\/\/dealer\.imgix\.net\/content\/[\w-]+\.jpg\?w=64&amp;q=75&amp;auto=format 64w, /,
      );
      expect(html).not.toMatch(/srcSet="\/media\//);
    } finally {
      await cdnServer.close();
      await withCdn.close();
    }
  });
});
