import type { ImageWidth } from '../../contracts/imageVariants.js';
import { mediaUrl } from '../../client/shared/media/mediaUrl.js';
import { pictureAt } from '../../client/shared/media/pictureUrl.js';

/** An absolute URL on the site's origin for a public path or an upstream image (through the /media relay). */
export function absoluteUrl(origin: string, pathOrSrc: string): string {
  const local = mediaUrl(pathOrSrc);
  return /^https?:\/\//.test(local) ? local : `${origin}${local}`;
}

/** The width pictures are shared at: the allowed width at or past the 1200 px that social cards and rich results ask for. */
export const SHARED_PICTURE_WIDTH: ImageWidth = 1280;

/**
 * An absolute URL of a picture others fetch from the page (og:image, JSON-LD): the pipeline's variant at
 * SHARED_PICTURE_WIDTH on the site's own origin, which carries no metadata (a camera's GPS position stays
 * behind), whatever IMAGE_URL_TEMPLATE says; a file the pipeline does not size (an SVG) as it is.
 */
export function sharedPictureUrl(origin: string, src: string): string {
  return absoluteUrl(origin, pictureAt(src, SHARED_PICTURE_WIDTH, undefined));
}

/**
 * The size of a picture of this shape shared at SHARED_PICTURE_WIDTH (og:image:width and height), for originals at
 * least that wide: the pipeline never enlarges one (dealer photos are 1600 px and more).
 */
export function sharedPictureSize(shape: readonly [number, number]): { width: number; height: number } {
  return { width: SHARED_PICTURE_WIDTH, height: Math.round((SHARED_PICTURE_WIDTH * shape[1]) / shape[0]) };
}
