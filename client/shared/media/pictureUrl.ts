import {
  DEFAULT_IMAGE_QUALITY,
  IMAGE_WIDTHS,
  VARIANT_PARAMS,
  type ImageWidth,
} from '../../../contracts/imageVariants.js';
import { mediaUrl } from './mediaUrl.js';
import type { CoverBox, PictureLayout } from './pictureLayouts.js';

/**
 * Where a picture at a width comes from: the BFF's /media pipeline (`/media/cars/1/1.jpg?v=3fa2&w=640`),
 * or an image CDN's URL when the operator set IMAGE_URL_TEMPLATE (docs/pictures.md). The template reaches
 * a page as `pageTemplate` made it: server-rendered views read it from PictureTemplateContext (ResponsiveImage.tsx), islands in
 * the browser from <html data-picture-template> (`documentPictureTemplate`), which the document writes
 * from the same value. No React here: the plain scripts (the stories list's) build pictures too.
 */

/** Paths the pipeline sizes (docs/pictures.md): anything else (SVG, a PDF, another origin) is shown as it is. */
const RASTER_PATH = /^\/media\/[^?#]*\.(?:jpe?g|png|webp|avif|gif|heic|heif)(?:\?|$)/i;

export function isVariantSource(path: string): boolean {
  return RASTER_PATH.test(path);
}

/**
 * The operator's template as pages carry it: `{src}` (the original's absolute URL on the site) spelt out
 * with the site's origin once on the server, so the browser builds the very URLs the server wrote.
 * `{path}` is the path under /media without its query; `{query}` (internal) is the original's query.
 */
export function pageTemplate(template: string, origin: string): string {
  return template.replaceAll('{src}', `${origin}/media/{path}{query}`);
}

/** The URL of `path` (a /media path, query and all) at `width`, through the template when there is one. */
export function pictureUrl(path: string, width: ImageWidth, template?: string): string {
  const at = path.indexOf('?');
  // The default quality is left out of /media URLs: the pipeline reads no `q` as it, and the page is shorter.
  if (!template) return `${path}${at < 0 ? '?' : '&'}${VARIANT_PARAMS.width}=${width}`;
  return template
    .replaceAll('{path}', path.slice('/media/'.length, at < 0 ? undefined : at))
    .replaceAll('{query}', at < 0 ? '' : path.slice(at))
    .replaceAll('{width}', String(width))
    .replaceAll('{quality}', String(DEFAULT_IMAGE_QUALITY));
}

/**
 * The `srcset` candidates: every allowed width, none beyond the original's when it is known; the first
 * width past it stands for the original itself (the pipeline never enlarges), described at its true width.
 */
export function candidates(originalWidth?: number): { width: ImageWidth; described: number }[] {
  const all = IMAGE_WIDTHS.map((width) => ({ width, described: width as number }));
  if (originalWidth === undefined) return all;
  const below = all.filter((c) => c.width <= originalWidth);
  const past = IMAGE_WIDTHS.find((w) => w > originalWidth);
  return past && below.at(-1)?.described !== originalWidth
    ? [...below, { width: past, described: originalWidth }]
    : below;
}

export function pictureSrcSet(
  path: string,
  list: readonly { width: ImageWidth; described: number }[],
  template?: string,
): string {
  return list.map((c) => `${pictureUrl(path, c.width, template)} ${c.described}w`).join(', ');
}

/** The smallest allowed width that covers `cssPixels` (a rendered width × devicePixelRatio); the largest beyond the list. */
export function widthFor(cssPixels: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= cssPixels) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** The page's template in the browser (none on the server: its renders are given it). */
export function documentPictureTemplate(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.dataset.pictureTemplate || undefined;
}

export interface Picture {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** What is known of an original: its width (srcset stops there) and its aspect (width / height, for cover crops). */
export interface OriginalSize {
  width?: number | undefined;
  aspect?: number | undefined;
}

/** src, srcset and sizes of a picture: a raster original through the pipeline (or the CDN), anything else as it is. */
export function pictureOf(
  original: string,
  layout: PictureLayout,
  size: OriginalSize,
  template: string | undefined,
): Picture {
  const path = mediaUrl(original);
  if (!isVariantSource(path)) return { src: path };
  // No candidate past twice the widest the place paints it at (a 2× screen), nor past the original.
  const top = widthFor(paintedWidest(layout, size.aspect) * 2);
  const listed = candidates(size.width).filter((c) => c.width <= top);
  const middle = listed[Math.floor(listed.length / 2)]?.width ?? top;
  return {
    src: pictureUrl(path, middle, template),
    srcSet: pictureSrcSet(path, listed, template),
    sizes: sizesFor(layout, size.aspect),
  };
}

/**
 * The `sizes` of a picture of `aspect` (width / height) in `layout`: the width it is painted at. A box that
 * crops (`cover`) paints a picture wider than its own shape at the box's height × the picture's aspect, so
 * that is asked for: the larger of the two, by viewport. Without a crop or an aspect, the box's width.
 */
export function sizesFor(layout: PictureLayout, aspect: number | undefined): string {
  const { cover } = layout;
  if (!cover || !aspect) return layout.sizes;
  const widths = sizeEntries(layout.sizes);
  const froms = [...new Set([...widths, ...cover].map((entry) => entry.from))].sort((a, b) => b - a);
  // Both lists end with an entry from 0 on (pictureLayouts.test.ts checks every layout's).
  const entries = froms.map((from) => ({
    from,
    length: paintedLength(
      widths.find((w) => w.from <= from)!.length,
      cover.find((c) => c.from <= from)!,
      aspect,
    ),
  }));
  // An entry that says what the next (narrower) one says is left out.
  return entries
    .filter((entry, i) => entry.length !== entries[i + 1]?.length)
    .map(({ from, length }) => (from > 0 ? `(min-width: ${from}px) ${length}` : length))
    .join(', ');
}

/** A crop this small (1%) is not worth a longer `sizes`: the picture is painted at most 1% larger than its file. */
const NEGLIGIBLE_CROP = 1.01;

/** How much wider than its box a picture of `aspect` is painted in a box of `boxAspect` (1 for none), rounded up. */
function widening(aspect: number, boxAspect: number): number {
  const k = aspect / boxAspect;
  return k < NEGLIGIBLE_CROP ? 1 : Math.ceil(k * 1000) / 1000;
}

function paintedLength(width: string, box: CoverBox, aspect: number): string {
  if ('height' in box) return `max(${width}, calc(${box.height} * ${Math.ceil(aspect * 1000) / 1000}))`;
  const k = widening(aspect, box.aspect);
  return k === 1 ? width : `calc(${width} * ${k})`;
}

/** The widest a place paints a picture of `aspect` (CSS px): its box, widened by an aspect crop. */
function paintedWidest(layout: PictureLayout, aspect: number | undefined): number {
  const crops = aspect ? (layout.cover ?? []).map((box) => ('aspect' in box ? widening(aspect, box.aspect) : 1)) : [];
  return layout.widest * Math.max(1, ...crops);
}

/** A layout's `sizes` as entries: pictureLayouts.ts writes `(min-width: Npx) length, …, length`, no comma in a length. */
function sizeEntries(sizes: string): { from: number; length: string }[] {
  return sizes.split(', ').map((entry) => {
    const media = /^\(min-width: ([\d.]+)px\) (.+)$/.exec(entry);
    return media ? { from: Number(media[1]), length: media[2]! } : { from: 0, length: entry };
  });
}

/** The URL of a picture at one width (a raster original; anything else as it is). */
export function pictureAt(original: string, width: ImageWidth, template: string | undefined): string {
  const path = mediaUrl(original);
  return isVariantSource(path) ? pictureUrl(path, width, template) : path;
}
