/**
 * The picture variants the site asks for and the BFF's /media pipeline makes: one allow-list, read by
 * the picture component (client/media) to write `srcset` and by the pipeline (server/media) to refuse
 * any other width or quality with 400 before any work, as next/image's optimizer does with its
 * `deviceSizes`/`imageSizes`. Neighbouring widths are at most 2× apart, so the candidate a browser picks
 * is within 1× and 2× of the pixels it needs.
 */
export const IMAGE_WIDTHS = [64, 128, 256, 384, 640, 828, 1080, 1280, 1600, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Qualities a variant may be asked in; the component uses the default. */
export const IMAGE_QUALITIES = [50, 75, 90] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];
export const DEFAULT_IMAGE_QUALITY: ImageQuality = 75;

/** The query parameters of a variant URL: `/media/cars/123/1.jpg?w=640&q=75`. */
export const VARIANT_PARAMS = { width: 'w', quality: 'q' } as const;

export const isImageWidth = (n: number): n is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(n);
export const isImageQuality = (n: number): n is ImageQuality => (IMAGE_QUALITIES as readonly number[]).includes(n);
