/** What a variant is made as, best first. */
export type VariantFormat = 'avif' | 'webp' | 'jpeg';

export const CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
