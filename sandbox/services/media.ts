import express, { type Request, type Response, type Router } from 'express';
import type { SandboxContext } from '../context.js';
import { sandboxDataset, type SandboxDataset } from '../data/dataset.js';
import { carSubjectOf } from '../data/carSubject.js';
import type { Car } from '../../contracts/upstream/search.js';
import { photoPath, photoVersion, PHOTO_CONTENT_TYPES, photoFormat, type Photo } from '../data/pictures.js';
import { brandSvg } from './media-svg.js';
import { mapTileSvg } from './media-map.js';
import { categoryIconSvg } from './media-icons.js';
import { DEFAULT_PHOTO_CACHE_BYTES, PhotoStore } from './media-photo-store.js';
import { HEAVY_ORIGINALS, isHeavyName } from './media-heavy.js';
import { AUTHORISED_BRANDS } from '../data/authorisedBrands.js';
import { slugify } from '../data/random.js';

const ONE_DAY = 'public, max-age=86400';
/** A URL that names the picture's version names those bytes for ever. */
const FOR_EVER = 'public, max-age=31536000, immutable';

function sendSvg(res: Response, svg: string): void {
  res.set('Cache-Control', ONE_DAY).type('image/svg+xml').send(svg);
}

const notFound = (res: Response) => void res.status(404).json({ message: 'no such image' });

/** `name.svg` → name, or undefined when the extension is wrong. */
const svgName = (file: string) => /^([\w-]+)\.svg$/.exec(file)?.[1];
/** `3.jpg` → 3: a picture's number whatever its extension (the path is checked whole when it is sent). */
const numberOf = (file: string) => Number(/^(\d+)\.\w+$/.exec(file)?.[1]);
/** `se-story-1.jpg` → se-story-1. */
const keyOf = (file: string) => /^([\w-]+)\.\w+$/.exec(file)?.[1];

/**
 * The story, content and staff pictures the data names (about a thousand), by path: any other name is 404,
 * as on a real media service, so no one makes the sandbox draw photographs nothing shows.
 */
const namedPictures = new WeakMap<SandboxDataset, Set<string>>();
function picturesNamedIn(dataset: SandboxDataset): Set<string> {
  let named = namedPictures.get(dataset);
  if (!named) {
    const texts = [...dataset.content.values()].flatMap((site) =>
      [...site.byLanguage.values()].map((l) => JSON.stringify([l.stories, [...l.pages.values()], l.navigation])),
    );
    texts.push(JSON.stringify([...dataset.sites.values()]));
    named = new Set(
      texts.flatMap((text) => [...text.matchAll(/\/media\/(?:stories|content|people)\/[\w-]+\.jpg/g)].map((m) => m[0])),
    );
    namedPictures.set(dataset, named);
  }
  return named;
}

/** A one-page PDF, so file-download links open something real. */
function tinyPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The media service: photographs of cars (gallery and 360° frames), sites, kits, stories, content and
 * people, made on demand (media-photos.ts) and named with their version (`?v=`, sandbox/data/pictures.ts);
 * brand logos, category icons and map tiles as SVG; file downloads as PDF.
 */
export function mediaService(ctx: SandboxContext): Router {
  const router = express.Router();
  const data = () => sandboxDataset(ctx.seed, ctx.now());
  const photos = new PhotoStore({
    maxBytes: ctx.photoCacheBytes ?? DEFAULT_PHOTO_CACHE_BYTES,
    onMade: () => ctx.stats.photosMade++,
    sharedDir: process.env.SANDBOX_RUN_DIR || undefined,
  });
  ctx.onClose.push(() => photos.close());

  const carSubject = (car: Car) =>
    carSubjectOf(
      car,
      data()
        .sites.get(car.car_market)
        ?.find((s) => s.site_id === car.car_site_id)?.site_geocoord ?? { lat: 0, lng: 0 },
    );

  /**
   * A picture, when the request names it exactly: its own path (the extension its format has) and, if
   * it names a version, the picture's current one (an old or made-up `v` is 404, never other bytes kept
   * for ever under it). Without `v` it is the same picture, kept a day.
   */
  async function sendPhoto(req: Request, res: Response, photo: Photo): Promise<void> {
    const version = photoVersion(photo);
    const asked = req.query.v;
    if (`${req.baseUrl}${req.path}` !== photoPath(photo) || (asked !== undefined && asked !== version))
      return notFound(res);
    const bytes = await photos.get(`${photoPath(photo)}?v=${version}`, photo);
    res
      .set({ 'Cache-Control': asked === undefined ? ONE_DAY : FOR_EVER, ETag: `"${version}"` })
      .type(PHOTO_CONTENT_TYPES[photoFormat(photo)])
      .send(bytes);
  }

  router.get('/cars/:carId/:file', async (req, res) => {
    const car = data().carsById.get(req.params.carId);
    const n = numberOf(req.params.file);
    if (!car || !Number.isInteger(n) || n < 1 || n > car.car_images.length) return notFound(res);
    await sendPhoto(req, res, { kind: 'car', car: carSubject(car), n, of: car.car_images.length });
  });

  router.get('/cars/:carId/360/:file', async (req, res) => {
    const car = data().carsById.get(req.params.carId);
    const n = numberOf(req.params.file);
    if (!car || car.car_media_360.length === 0 || !Number.isInteger(n) || n < 1 || n > car.car_media_360.length)
      return notFound(res);
    await sendPhoto(req, res, { kind: 'car360', car: carSubject(car), n, of: car.car_media_360.length });
  });

  router.get('/sites/:file', async (req, res) => {
    const siteId = keyOf(req.params.file);
    const site = [...data().sites.values()].flat().find((s) => s.site_id === siteId);
    if (!site) return notFound(res);
    await sendPhoto(req, res, { kind: 'site', siteId: site.site_id, name: site.site_official_name });
  });

  router.get('/kits/:kitId/:file', async (req, res) => {
    const kit = [...data().kits.values()].flat().find((k) => k.kitId === req.params.kitId);
    const n = numberOf(req.params.file);
    if (!kit || !Number.isInteger(n) || n < 1 || n > kit.images.length) return notFound(res);
    await sendPhoto(req, res, { kind: 'kit', kitId: kit.kitId, code: kit.kitCode, n });
  });

  // Stories, people and content pictures are drawn from their key: those the data names.
  for (const [path, kind] of [
    ['stories', 'story'],
    ['people', 'person'],
    ['content', 'content'],
  ] as const) {
    router.get(`/${path}/:file`, async (req, res) => {
      const key = keyOf(req.params.file);
      if (!key || !picturesNamedIn(data()).has(`${req.baseUrl}${req.path}`)) return notFound(res);
      await sendPhoto(req, res, { kind, key });
    });
  }

  // Heavy originals (12 and 16 MP AVIF, HEIC, a 16-bit PNG, …): what a dealer's phone or system may send; under
  // /heavy/<n>/ the same files as other pictures (1–99), for as many distinct heavy originals at once as a bench wants.
  router.get(['/heavy/:file', '/heavy/:copy/:file'], async (req, res) => {
    const { file: name, copy } = req.params as { file: string; copy?: string };
    if (!isHeavyName(name) || (copy !== undefined && !/^[1-9]\d?$/.test(copy))) return notFound(res);
    const bytes = await photos.get(`/media/heavy/${name}`, name);
    res.set('Cache-Control', ONE_DAY).type(HEAVY_ORIGINALS[name].type).send(bytes);
  });

  router.get('/brands/:file', (req, res) => {
    const key = svgName(req.params.file);
    // Footer brands, and the authorised workshop brands of the booking page's intro.
    const brand =
      [...data().content.values()].flatMap((s) => s.brands).find((b) => b.logo.src === `/media/brands/${key}.svg`)
        ?.name ?? AUTHORISED_BRANDS.find((name) => slugify(name) === key);
    if (!brand) return notFound(res);
    sendSvg(res, brandSvg(brand));
  });

  router.get('/icons/:file', (req, res) => {
    const svg = categoryIconSvg(svgName(req.params.file) ?? '');
    if (!svg) return notFound(res);
    sendSvg(res, svg);
  });

  // Map tiles for offline maps (LazyMap's default MAP_TILE_URL): a plain street map, drawn per tile.
  router.get('/map-tiles/:z/:x/:file', (req, res) => {
    const [z, x, y] = [req.params.z, req.params.x, svgName(req.params.file)].map(Number);
    if (![z, x, y].every((n) => Number.isInteger(n) && n! >= 0) || z! > 19 || x! >= 2 ** z! || y! >= 2 ** z!)
      return notFound(res);
    sendSvg(res, mapTileSvg(z!, x!, y!));
  });

  router.get('/files/:file', (req, res) => {
    const name = /^([\w-]+)\.pdf$/.exec(req.params.file)?.[1];
    if (!name) return notFound(res);
    res
      .set('Cache-Control', ONE_DAY)
      .type('application/pdf')
      .send(tinyPdf(name.replace(/-/g, ' ')));
  });

  return router;
}
