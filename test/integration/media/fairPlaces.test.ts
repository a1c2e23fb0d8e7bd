import { jest } from '@jest/globals';
import { Agent, request } from 'undici';
import type { Car } from '../../../contracts/upstream/search.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';
import { startTestStack } from '../../support/testStack.js';
import { type ComposedBff, listen } from '../../../scripts/stack/composedBff.js';

/**
 * The transform places and the in-flight cap under floods and crowds (issue 35): who gets a place is
 * asserted by what each request got while the flood still ran, never by how long it took (the seconds
 * are `npm run bench:images`' figures). Each test takes photos no other test has asked for.
 */

jest.setTimeout(120_000);

/** Chrome's Accept for an <img>: AVIF first, so a new variant is a WebP stand-in and its AVIF is made in the background. */
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** Deadline of a wait that only a hang reaches. */
const HANG_MS = 90_000;

let sandbox: SandboxHere;
let bff: ComposedBff;
let server: Awaited<ReturnType<typeof listen>>;
let photos: string[];
const agent = new Agent({ connections: 256 });

beforeAll(async () => {
  sandbox = await startSandboxHere();
  bff = (
    await startTestStack({
      bff: 'app',
      sandbox,
      env: {
        TRUST_PROXY: '1',
        // 100 KB of kept variants a client: a flooder is soon over it, so each of its requests is a transform
        // (made, sent, not kept), while a shopper's few pictures are kept.
        STORE_BUDGET_IMAGES: '0.1/600',
      },
    })
  ).bff;
  server = await listen(bff.app);
  const res = await fetch(`${sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index: 'cars-se', limit: 40 }),
  });
  photos = ((await res.json()) as { content: Car[] }).content.flatMap((car) => car.car_images);
});
afterEach(() => sandbox.ctx.faults.clear());
afterAll(async () => {
  await agent.close();
  await server?.close();
  await bff?.close();
  await sandbox?.close();
});

/** Photos no test has asked for, made at the sandbox now (it draws each on its first request), as paths with their version. */
async function newPhotos(count: number): Promise<string[]> {
  const taken = photos.splice(0, count);
  for (const url of taken) await (await fetch(url)).arrayBuffer();
  return taken.map((url) => new URL(url).pathname + new URL(url).search);
}

/** Resolves once `condition` holds; fails only past a deadline a hang reaches. */
const until = (condition: () => Promise<boolean>, what: string) => waitUntil(condition, what, { timeoutMs: HANG_MS });

const variantOf = (photo: string, width: number, quality = 75) => `${photo}&w=${width}&q=${quality}`;

async function get(path: string, address: string, accept = 'image/webp,*/*', dispatcher: Agent = agent) {
  const res = await request(`${server.origin}${path}`, {
    dispatcher,
    headers: { host: 'se.localhost', accept, 'x-forwarded-for': address },
  });
  await res.body.dump();
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    cacheControl: res.headers['cache-control'],
  };
}

/** The transform queue now, from /metrics. */
async function queue(): Promise<Record<string, number>> {
  const gauge = await bff.metrics.registry.getSingleMetric('bff_image_transform_queue')!.get();
  return Object.fromEntries(gauge.values.map((v) => [String(v.labels.state), v.value]));
}

async function transformsMade(format: string): Promise<number> {
  const counter = await bff.metrics.registry.getSingleMetric('bff_image_transforms_total')!.get();
  return counter.values.find((v) => v.labels.format === format && v.labels.outcome === 'ok')?.value ?? 0;
}

/**
 * One address asking, over `connections` connections at once, for new WebP variants of its photo, one
 * after another until stopped: over its budget, each is a transform of its own.
 */
function flood(address: string, photo: string, connections: number) {
  const keys = [128, 256, 384, 640, 828, 1080].flatMap((w) => [50, 75, 90].map((q) => variantOf(photo, w, q)));
  const statuses: number[] = [];
  let running = true;
  let next = 0;
  const workers = Array.from({ length: connections }, async () => {
    while (running) statuses.push((await get(keys[next++ % keys.length]!, address)).status);
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

describe('the transform places, while other addresses flood them with new variants', () => {
  it("give a fifth client's ten new pictures each a picture (200), while four addresses × 20 connections keep the queue full", async () => {
    const [shopperPhoto, secondPhoto, ...flooderPhotos] = await newPhotos(6);
    // 20 at once each: together more than the places there are (a place per core running and 48 waiting here).
    const floods = flooderPhotos.map((photo, i) => flood(`203.0.113.${i + 1}`, photo, 20));
    try {
      await until(async () => (await queue()).waiting! >= 40, 'the flood filling the line');
      // A car list's ten pictures at once, as a browser asks for them (two photos, five widths each).
      const pictures = [shopperPhoto!, secondPhoto!].flatMap((photo) =>
        [64, 128, 256, 384, 640].map((width) => variantOf(photo, width)),
      );
      const shopper = await Promise.all(pictures.map((path) => get(path, '198.51.100.5')));
      const stillWaiting = (await queue()).waiting!;
      expect(shopper.map((a) => [a.status, a.type])).toEqual(Array(10).fill([200, 'image/webp']));
      // The flood still ran as the last picture came: its transforms were waiting for places.
      expect(stillWaiting).toBeGreaterThan(0);
    } finally {
      await Promise.all(floods.map((f) => f.stop()));
    }
  });

  it("make an AVIF-accepting shopper's AVIF while another client floods, so the next view gets it", async () => {
    const [shopperPhoto, flooderPhoto] = await newPhotos(2);
    const flooding = flood('203.0.113.20', flooderPhoto!, 16);
    try {
      await until(async () => (await queue()).waiting! > 0, 'the flood waiting');
      const avifsBefore = await transformsMade('avif');
      const path = variantOf(shopperPhoto!, 384);
      const standIn = await get(path, '198.51.100.6', CHROME);
      expect([standIn.status, standIn.type, standIn.cacheControl]).toEqual([200, 'image/webp', 'public, max-age=60']);
      let waitingWhenMade = 0;
      await until(async () => {
        waitingWhenMade = (await queue()).waiting!;
        return (await transformsMade('avif')) > avifsBefore;
      }, 'the AVIF made');
      // Made while the flood's transforms were still waiting for places.
      expect(waitingWhenMade).toBeGreaterThan(0);
      await bff.pictures.settled().catch(() => undefined);
      const avif = await get(path, '198.51.100.6', CHROME);
      expect([avif.status, avif.type]).toEqual([200, 'image/avif']);
    } finally {
      await flooding.stop();
    }
  });
});

describe('a crowd behind one address', () => {
  it("gives 50 browsers (six connections each) every one of a car list's 24 pictures, new and then cached", async () => {
    const list = (await newPhotos(8)).flatMap((photo) => [64, 128, 256].map((width) => variantOf(photo, width)));
    const browsers = Array.from({ length: 50 }, () => new Agent({ connections: 6 }));
    // The media service answers each original after 400 ms: the first visit's requests pile up waiting
    // for the 24 transforms, as a crowd's do on a busy site (300 at once, far over the address's cap of 128).
    sandbox.ctx.faults.set('media', { latencyMs: 400 });
    try {
      const answers = await Promise.all(
        browsers.map(async (browser) => {
          const statuses: number[] = [];
          // A first visit, then a reload: the pictures new, then cached (as WebP stand-ins or AVIFs by then).
          for (const visit of [1, 2]) {
            if (visit === 2) sandbox.ctx.faults.clear();
            let next = 0;
            await Promise.all(
              Array.from({ length: 6 }, async () => {
                while (next < list.length)
                  statuses.push((await get(list[next++]!, '198.51.100.50', CHROME, browser)).status);
              }),
            );
          }
          return statuses;
        }),
      );
      const all = answers.flat();
      expect(Object.fromEntries([...new Set(all)].map((s) => [s, all.filter((x) => x === s).length]))).toEqual({
        200: 2400,
      });
    } finally {
      await Promise.all(browsers.map((b) => b.close()));
    }
  });
});
