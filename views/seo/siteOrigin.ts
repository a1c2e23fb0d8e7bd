import { mediaUrl } from '../../shared/media/mediaUrl.js';

/** An absolute URL on the site's origin for a public path or an upstream image (through the /media relay). */
export function absoluteUrl(origin: string, pathOrSrc: string): string {
  const local = mediaUrl(pathOrSrc);
  return /^https?:\/\//.test(local) ? local : `${origin}${local}`;
}
