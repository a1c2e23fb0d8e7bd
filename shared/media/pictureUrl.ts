import { DEFAULT_IMAGE_QUALITY, IMAGE_WIDTHS, VARIANT_PARAMS, type ImageWidth } from '../../contracts/imageVariants.js';
import { mediaUrl } from './mediaUrl.js';
import type { PictureLayout } from './pictureLayouts.js';

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

/** src, srcset and sizes of a picture: a raster original through the pipeline (or the CDN), anything else as it is. */
export function pictureOf(
  original: string,
  layout: PictureLayout,
  originalWidth: number | undefined,
  template: string | undefined,
): Picture {
  const path = mediaUrl(original);
  if (!isVariantSource(path)) return { src: path };
  const { sizes, widest } = layout;
  // No candidate past twice the widest the place is shown at (a 2× screen), nor past the original.
  const top = widthFor(widest * 2);
  const listed = candidates(originalWidth).filter((c) => c.width <= top);
  const middle = listed[Math.floor(listed.length / 2)]?.width ?? top;
  return { src: pictureUrl(path, middle, template), srcSet: pictureSrcSet(path, listed, template), sizes };
}

/** The URL of a picture at one width (a raster original; anything else as it is). */
export function pictureAt(original: string, width: ImageWidth, template: string | undefined): string {
  const path = mediaUrl(original);
  return isVariantSource(path) ? pictureUrl(path, width, template) : path;
}
