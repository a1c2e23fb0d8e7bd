import express, { type Response, type Router } from 'express';
import type { SandboxContext } from '../context.js';
import { sandboxDataset } from '../data/dataset.js';
import { COLORS, VOCABULARIES } from '../data/vocabulary.js';
import { marketProfile } from '../data/market-profiles.js';
import { brandSvg, carSvg, sceneSvg } from './media-svg.js';
import { mapTileSvg } from './media-map.js';
import { categoryIconSvg } from './media-icons.js';
import { AUTHORISED_BRANDS } from '../data/mechmate.js';
import { slugify } from '../data/random.js';

const ONE_DAY = 'public, max-age=86400';

function sendSvg(res: Response, svg: string): void {
  res.set('Cache-Control', ONE_DAY).type('image/svg+xml').send(svg);
}

const notFound = (res: Response) => void res.status(404).json({ message: 'no such image' });

/** `name.svg` → name, or undefined when the extension is wrong. */
const svgName = (file: string) => /^([\w-]+)\.svg$/.exec(file)?.[1];

/** A one-page PDF, so file-download links open something real. */
function tinyPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
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

/** The media service: generated car, site, kit, story, person and brand pictures, and file downloads. */
export function mediaService(ctx: SandboxContext): Router {
  const router = express.Router();
  const data = () => sandboxDataset(ctx.seed, ctx.now());

  const colorKeyOf = (market: Parameters<typeof marketProfile>[0], localized: string) =>
    COLORS.find((key) => VOCABULARIES[marketProfile(market).language].color[key] === localized) ?? 'grey';

  router.get('/cars/:carId/:file', (req, res) => {
    const car = data().carsById.get(req.params.carId);
    const n = Number(svgName(req.params.file));
    if (!car || !Number.isInteger(n) || n < 1 || n > car.car_images.length) return notFound(res);
    sendSvg(res, carSvg({ brand: car.car_brand, model: car.car_model, colorKey: colorKeyOf(car.car_market, car.car_color), n, of: car.car_images.length }));
  });

  router.get('/cars/:carId/360/:file', (req, res) => {
    const car = data().carsById.get(req.params.carId);
    const frame = Number(svgName(req.params.file));
    if (!car || car.car_media_360.length === 0 || !Number.isInteger(frame) || frame < 1 || frame > car.car_media_360.length) return notFound(res);
    const angle = ((frame - 1) * 360) / car.car_media_360.length;
    sendSvg(res, carSvg({ brand: car.car_brand, model: car.car_model, colorKey: colorKeyOf(car.car_market, car.car_color), n: frame, of: car.car_media_360.length, angle }));
  });

  router.get('/sites/:file', (req, res) => {
    const id = svgName(req.params.file);
    const site = [...data().sites.values()].flat().find((s) => s.site_id === id);
    if (!site) return notFound(res);
    sendSvg(res, sceneSvg('site', site.site_id, site.site_official_name));
  });

  router.get('/kits/:kitId/:file', (req, res) => {
    const kit = [...data().kits.values()].flat().find((k) => k.kitId === req.params.kitId);
    if (!kit || !svgName(req.params.file)) return notFound(res);
    sendSvg(res, sceneSvg('kit', kit.kitId, kit.kitCode));
  });

  // Stories, people and content pictures are decorative: any well-formed name gets one, labelled by its key.
  for (const kind of ['stories', 'people', 'content'] as const) {
    router.get(`/${kind}/:file`, (req, res) => {
      const key = svgName(req.params.file);
      if (!key) return notFound(res);
      const caption = kind === 'people' ? '' : key.replace(/-/g, ' ');
      sendSvg(res, sceneSvg(kind === 'stories' ? 'story' : kind === 'people' ? 'person' : 'content', key, caption));
    });
  }

  router.get('/brands/:file', (req, res) => {
    const key = svgName(req.params.file);
    // Footer brands, and the authorised workshop brands of the booking page's intro.
    const brand = [...data().content.values()].flatMap((s) => s.brands).find((b) => b.logo.src === `/media/brands/${key}.svg`)?.name
      ?? AUTHORISED_BRANDS.find((name) => slugify(name) === key);
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
    if (![z, x, y].every((n) => Number.isInteger(n) && n! >= 0) || z! > 19 || x! >= 2 ** z! || y! >= 2 ** z!) return notFound(res);
    sendSvg(res, mapTileSvg(z!, x!, y!));
  });

  router.get('/files/:file', (req, res) => {
    const name = /^([\w-]+)\.pdf$/.exec(req.params.file)?.[1];
    if (!name) return notFound(res);
    res.set('Cache-Control', ONE_DAY).type('application/pdf').send(tinyPdf(name.replace(/-/g, ' ')));
  });

  return router;
}
