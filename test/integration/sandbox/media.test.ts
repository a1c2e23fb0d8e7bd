import { jest } from '@jest/globals';
import sharp from 'sharp';
import { request } from 'undici';
import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import type { Car, Site } from '../../../contracts/upstream/search.js';
import { readExif } from '../../support/exif.js';

/**
 * The sandbox's media service sends photographs as a dealer system does: real sizes and weights, grain,
 * EXIF (camera, GPS, orientation), a few PNGs, versioned URLs, the same bytes for the same URL; logos,
 * icons and map tiles stay SVG; faults give corrupt and shortened pictures. A few pictures each, not all.
 */

jest.setTimeout(60_000);
// These sandboxes make their own photographs, not the run's shared ones (scripts/stack/runDir.mjs): the tests
// are about the making (once however many ask; the same bytes in two processes). A file's env is its own.
delete process.env.SANDBOX_RUN_DIR;

let sandbox: RunningSandbox;
let other: RunningSandbox;
beforeAll(async () => {
  [sandbox, other] = await Promise.all([startSandbox(0), startSandbox(0)]);
});
afterAll(() => Promise.all([sandbox.close(), other.close()]));

async function search<T>(index: string, limit = 40): Promise<T[]> {
  const res = await fetch(`${sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index, limit }),
  });
  return ((await res.json()) as { content: T[] }).content;
}
const homePage = async () => (await (await fetch(`${sandbox.url}/content/se/page?lang=sv&path=/`)).json()) as unknown;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    length: res.headers.get('content-length'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A fetched picture: its bytes, what sharp reads of it, and that every pixel decodes. */
async function picture(url: string) {
  const res = await get(url);
  expect([url, res.status]).toEqual([url, 200]);
  const metadata = await sharp(res.bytes).metadata();
  await sharp(res.bytes).raw().toBuffer();
  return { ...res, metadata, kb: res.bytes.length / 1000 };
}

/** Every picture URL named anywhere in a JSON answer. */
const mediaUrls = (json: unknown) =>
  [...JSON.stringify(json).matchAll(/"(https?:\/\/[^"]+\/media\/[^"]+)"/g)].map((m) => m[1]!);

describe('sandbox photographs', () => {
  it('are named by versioned URLs with their real extension, and content documents declare their real size', async () => {
    const named = [
      ...mediaUrls(await search<Car>('cars-uk', 60)),
      ...mediaUrls(await search<Site>('sites-se')),
      ...mediaUrls(await search('kits-se')),
      ...mediaUrls(await homePage()),
      ...mediaUrls(await (await fetch(`${sandbox.url}/content/se/stories?lang=sv`)).json()),
    ];
    const kinds = new Set(named.map((url) => /\/media\/(\w+)\//.exec(url)![1]));
    expect([...kinds]).toEqual(expect.arrayContaining(['cars', 'content', 'kits', 'people', 'sites', 'stories']));
    for (const url of named.filter((u) => !/\/media\/(brands|icons|files)\//.test(u))) {
      expect(url).toMatch(/\/media\/(cars|sites|kits|stories|content|people)\/[\w/-]+\.(jpg|png)\?v=[0-9a-f]{10}$/);
    }
    expect(named.some((url) => url.includes('/360/'))).toBe(true);
    expect(named.some((url) => url.endsWith('.png', url.indexOf('?')))).toBe(true);

    const hero = /"type":"hero".*?"image":(\{[^}]+\})/.exec(JSON.stringify(await homePage()))![1]!;
    const declared = JSON.parse(hero) as { src: string; width: number; height: number };
    const { metadata, type, kb } = await picture(declared.src);
    expect({ type, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      type: 'image/jpeg',
      format: 'jpeg',
      width: declared.width,
      height: declared.height,
    });
    expect([declared.width, declared.height]).toEqual([1920, 1080]);
    expect(kb).toBeGreaterThanOrEqual(200);
    expect(kb).toBeLessThanOrEqual(400);
  });

  it("of cars are 1600×1200 JPEGs of 200–400 KB that still weigh like photographs when resized, from a dealer's phone: its make and model, the site's GPS position, picture 3 stored turned (Orientation 6)", async () => {
    const car = (await search<Car>('cars-se')).find((c) => c.car_images.length >= 3)!;
    const site = (await search<Site>('sites-se')).find((s) => s.site_id === car.car_site_id)!;
    const first = await picture(car.car_images[0]!);
    expect({
      type: first.type,
      format: first.metadata.format,
      width: first.metadata.width,
      height: first.metadata.height,
      orientation: first.metadata.orientation ?? 1,
    }).toEqual({ type: 'image/jpeg', format: 'jpeg', width: 1600, height: 1200, orientation: 1 });
    expect(first.kb).toBeGreaterThanOrEqual(200);
    expect(first.kb).toBeLessThanOrEqual(400);
    // Detail at every scale, as a photograph has: grain alone would leave a 640 px WebP of 5–8 KB.
    const phoneSized = await sharp(first.bytes).resize(640).webp({ quality: 75 }).toBuffer();
    expect(phoneSized.length).toBeGreaterThan(30_000);
    const exif = readExif(first.metadata.exif);
    expect({ make: exif.make, model: exif.model }).toEqual({ make: 'Apple', model: 'iPhone 13' });
    expect(exif.gps!.latitude).toBeCloseTo(site.site_geocoord.lat, 4);
    expect(exif.gps!.longitude).toBeCloseTo(site.site_geocoord.lng, 4);

    const turned = await picture(car.car_images[2]!);
    expect({
      width: turned.metadata.width,
      height: turned.metadata.height,
      orientation: turned.metadata.orientation,
    }).toEqual({ width: 1200, height: 1600, orientation: 6 });
    const upright = await sharp(turned.bytes).autoOrient().toBuffer({ resolveWithObject: true });
    expect([upright.info.width, upright.info.height]).toEqual([1600, 1200]);
    expect(readExif(turned.metadata.exif).gps).toBeDefined();
  });

  it("of sites, stories and people are JPEGs at their sizes; a kit's second picture is a PNG cut-out with transparency", async () => {
    const site = (await search<Site>('sites-se'))[0]!;
    const story = mediaUrls(await (await fetch(`${sandbox.url}/content/se/stories?lang=sv`)).json())[0]!;
    const kit = (await search<{ images: string[] }>('kits-se')).find((k) => k.images.length >= 2)!;
    const person = site.site_departments[0]!.users[0]!.image_url;
    const sizes = [];
    for (const url of [site.site_image_url, story, person, kit.images[0]!, kit.images[1]!]) {
      const { type, metadata, kb } = await picture(url);
      sizes.push({
        path: new URL(url).pathname.replace(/\d+/g, 'N'),
        type,
        size: `${metadata.width}×${metadata.height}`,
        alpha: metadata.hasAlpha,
        kb: kb >= 200 && kb <= 400 ? '200–400' : kb < 200 ? 'under 200' : 'over 400',
      });
    }
    expect(sizes).toEqual([
      { path: '/media/sites/N.jpg', type: 'image/jpeg', size: '1920×1080', alpha: false, kb: '200–400' },
      { path: '/media/stories/se-story-N.jpg', type: 'image/jpeg', size: '1920×1080', alpha: false, kb: '200–400' },
      { path: '/media/people/N-N-N.jpg', type: 'image/jpeg', size: '600×600', alpha: false, kb: 'under 200' },
      { path: '/media/kits/N/N.jpg', type: 'image/jpeg', size: '1200×1200', alpha: false, kb: '200–400' },
      // A PNG keeps its grain exactly: about 400 KB.
      {
        path: '/media/kits/N/N.png',
        type: 'image/png',
        size: '1200×1200',
        alpha: true,
        kb: expect.stringMatching(/^(200–400|over 400)$/),
      },
    ]);
  });

  it('are the same bytes for the same URL from two sandboxes, and differ from picture to picture', async () => {
    const [a, b] = (await search<Car>('cars-se')).filter((c) => c.car_images.length >= 2);
    const path = (url: string) => new URL(url).pathname + new URL(url).search;
    const here = await get(a!.car_images[1]!);
    const there = await get(`${other.url}${path(a!.car_images[1]!)}`);
    expect(here.bytes.length).toBeGreaterThan(100_000);
    expect(there.bytes.equals(here.bytes)).toBe(true);
    const otherCar = await get(b!.car_images[1]!);
    const otherPicture = await get(a!.car_images[0]!);
    expect(otherCar.bytes.equals(here.bytes)).toBe(false);
    expect(otherPicture.bytes.equals(here.bytes)).toBe(false);
  });

  it('are made once however many ask at once, then kept: the version names them for ever; a wrong version, extension or a name the data never uses is 404', async () => {
    const car = (await search<Car>('cars-uk')).find((c) => c.car_media_360.length > 0)!;
    const frame = car.car_media_360[5]!;
    await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(frame)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.bytes.equals(answers[0]!.bytes))).toBe(true);
    expect(answers[0]!.cacheControl).toBe('public, max-age=31536000, immutable');

    const unversioned = await get(frame.replace(/\?.*/, ''));
    expect([unversioned.status, unversioned.cacheControl, unversioned.bytes.equals(answers[0]!.bytes)]).toEqual([
      200,
      'public, max-age=86400',
      true,
    ]);
    const stats = (await (await fetch(`${sandbox.url}/__sandbox/stats`)).json()) as { photosMade: number };
    expect(stats.photosMade).toBe(1);

    const unnamed = [
      `${sandbox.url}/media/content/no-page-shows-this.jpg`,
      `${sandbox.url}/media/stories/se-story-99.jpg`,
      `${sandbox.url}/media/people/1-2-3.jpg`,
    ];
    for (const wrong of [
      frame.replace(/v=\w+/, 'v=0123456789'),
      frame.replace('.jpg', '.png'),
      frame.replace(/\.jpg.*/, '.svg'),
      ...unnamed,
    ]) {
      expect([wrong, (await get(wrong)).status]).toEqual([wrong, 404]);
    }
  });
});

describe('sandbox vector media', () => {
  it('keeps logos, icons and map tiles as SVG, and the map tiles are a plain map without their coordinates', async () => {
    for (const path of ['/media/brands/volvo.svg', '/media/icons/tire.svg']) {
      const { status, type, bytes } = await get(`${sandbox.url}${path}`);
      expect([path, status, type, bytes.toString().startsWith('<svg')]).toEqual([
        path,
        200,
        'image/svg+xml; charset=utf-8',
        true,
      ]);
    }
    const tile = async (z: number, x: number, y: number) => {
      const { status, type, bytes } = await get(`${sandbox.url}/media/map-tiles/${z}/${x}/${y}.svg`);
      expect([status, type]).toEqual([200, 'image/svg+xml; charset=utf-8']);
      return bytes.toString();
    };
    const svg = await tile(15, 17990, 9590);
    expect(svg).not.toMatch(/<text|17990|9590/);
    // Streets, blocks and at least one more kind of ground (buildings, park or water) in the map's colours.
    expect(new Set([...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1])).size).toBeGreaterThanOrEqual(3);
    expect(await tile(15, 17990, 9590)).toBe(svg);
    expect(await tile(15, 17991, 9590)).not.toBe(svg);
  });
});

describe('sandbox media faults', () => {
  const hero = async () => /"type":"hero".*?"src":"([^"]+)"/.exec(JSON.stringify(await homePage()))![1]!;

  it('garbage: a 200 image/jpeg whose bytes are no picture', async () => {
    const res = await get(await hero(), { 'x-sandbox-fault': 'garbage' });
    expect([res.status, res.type]).toEqual([200, 'image/jpeg']);
    await expect(sharp(res.bytes).metadata()).rejects.toThrow();
  });

  it("malformed: the picture cut short and sent as a whole answer (Content-Length of the shortened body); cut: it breaks off under the whole one's", async () => {
    const whole = await get(await hero());
    const short = await get(await hero(), { 'x-sandbox-fault': 'malformed' });
    expect([short.status, short.type, Number(short.length)]).toEqual([200, 'image/jpeg', short.bytes.length]);
    expect(short.bytes.equals(whole.bytes.subarray(0, Math.floor(whole.bytes.length / 2)))).toBe(true);
    await expect(sharp(short.bytes).raw().toBuffer()).rejects.toThrow(/premature end/i);

    const cut = await request(await hero(), { headers: { 'x-sandbox-fault': 'cut' } });
    expect([cut.statusCode, Number(cut.headers['content-length'])]).toEqual([200, whole.bytes.length]);
    await expect(cut.body.arrayBuffer()).rejects.toThrow();
  });
});
