import { UPSTREAM_SERVICES, type UpstreamService } from '../config/upstreams.js';
import { trimTrailing } from '../../contracts/pagePath.js';

/**
 * Upstream answers name media on the upstreams' own hosts (`http://media.internal/media/x.jpg`);
 * shoppers must only ever see the BFF's `/media/...` relay: an internal host name neither leaks nor
 * breaks images in islands. Applied to the text of every upstream answer as it is read
 * (upstreamHttp.ts), so every cache stores rewritten data.
 */
export function mediaOriginRewriter(
  upstreamUrls: Record<UpstreamService, string | undefined>,
): (text: string) => string {
  const prefixes = new Set<string>();
  const media = upstreamUrls.media === undefined ? undefined : trimTrailing(upstreamUrls.media, '/');
  if (media) prefixes.add(`${media}/`);
  for (const service of UPSTREAM_SERVICES) {
    const url = upstreamUrls[service];
    if (url) prefixes.add(`${new URL(url).origin}/media/`);
  }
  // Longest first, so a base with a path wins over its bare origin; JSON may escape '/' as '\/'.
  const pairs = [...prefixes]
    .sort((a, b) => b.length - a.length)
    .flatMap((prefix) => [
      [prefix, '/media/'],
      [prefix.replaceAll('/', '\\/'), '\\/media\\/'],
    ]);
  return (text) => {
    let out = text;
    for (const [from, to] of pairs) if (out.includes(from!)) out = out.replaceAll(from!, to!);
    return out;
  };
}
