import type { VariantFormat } from '../transform/variantFormat.js';

/**
 * The formats the browser's Accept names outright: a wildcard says nothing about AVIF, and `q=0` refuses a type.
 */
function acceptedFormats(accept: string | undefined): { avif: boolean; webp: boolean } {
  const named = new Set<string>();
  for (const part of (accept ?? '').slice(0, 1_000).split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    named.add(type);
  }
  return { avif: named.has('image/avif'), webp: named.has('image/webp') };
}

/** The best format the browser's Accept names: AVIF, else WebP, else JPEG, which every browser shows. */
export function bestFormat(accept: string | undefined): VariantFormat {
  const { avif, webp } = acceptedFormats(accept);
  return avif ? 'avif' : webp ? 'webp' : 'jpeg';
}

/** What a browser that wants AVIF gets while its AVIF is being made: the best of the quick ones. */
export function quickFormat(accept: string | undefined): Exclude<VariantFormat, 'avif'> {
  return acceptedFormats(accept).webp ? 'webp' : 'jpeg';
}
