/**
 * Content documents carry absolute media URLs of the media service; the page shows them through
 * the BFF's /media relay so the CSP can stay at 'self' images.
 */
export function mediaUrl(src: string): string {
  if (src.startsWith('/')) return src;
  try {
    const url = new URL(src);
    return url.pathname.startsWith('/media/') ? url.pathname + url.search : src;
  } catch {
    return src;
  }
}
