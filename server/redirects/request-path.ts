import { parseQuery } from './query-string.js';

/**
 * Turns a raw request target into canonical segments, the one form both table sources and
 * requests are compared in: each segment is percent-decoded exactly once, lower-cased and
 * re-encoded with encodeURIComponent. `%41`, `A` and `a` compare equal; `%252F` stays `%252F`.
 * Anything that could turn into an off-site or header-injecting Location is refused here.
 */

export interface RequestTarget {
  /** Canonical segments, without the leading empty one; [] for `/`. */
  segments: string[];
  /** `/` + segments joined, the string the path-to-regexp matchers see. */
  path: string;
  /** Query pairs, decoded once (form-urlencoded), in request order. */
  query: Array<[string, string]>;
}

// A decoded segment must never hold a separator, a backslash or a control character.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN_DECODED = /[\u0000-\u001f\u007f/\\]/;
const PLAIN_SEGMENT = /^[a-z0-9\-._~]+$/;
const PLAIN_PATH = /^(?:\/[a-z0-9\-._~]+)+$/;
const DOT_OR_EMPTY = /\/\.{1,2}(?:\/|$)/;

/** The canonical form of one raw segment, or null when it is malformed or hostile. */
export function canonicalSegment(raw: string): string | null {
  if (PLAIN_SEGMENT.test(raw)) return raw === '.' || raw === '..' ? null : raw;
  let decoded: string;
  try {
    decoded = raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return null;
  }
  if (decoded === '' || decoded === '.' || decoded === '..' || FORBIDDEN_DECODED.test(decoded)) return null;
  return encodeURIComponent(decoded.toLowerCase());
}

/** Canonical segments of a path (`/a/b`, trailing slash tolerated), or null if it cannot be matched. */
export function canonicalSegments(rawPath: string): string[] | null {
  if (!rawPath.startsWith('/') || rawPath.includes('\\')) return null;
  let path = rawPath;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/') return [];
  path = path.toLowerCase();
  // Fast path for the usual plain path: nothing to decode, no empty or dot segment.
  if (PLAIN_PATH.test(path) && !DOT_OR_EMPTY.test(path)) return path.slice(1).split('/');
  const parts = path.slice(1).split('/');
  const segments: string[] = new Array<string>(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const canonical = canonicalSegment(parts[i]!);
    if (canonical === null) return null;
    segments[i] = canonical;
  }
  return segments;
}

/** Parses `path?query` (a fragment, which browsers never send, is ignored). Null when the path is unusable. */
export function parseRequestTarget(pathWithQuery: string): RequestTarget | null {
  const hash = pathWithQuery.indexOf('#');
  const target = hash === -1 ? pathWithQuery : pathWithQuery.slice(0, hash);
  const mark = target.indexOf('?');
  const rawPath = mark === -1 ? target : target.slice(0, mark);
  const segments = canonicalSegments(rawPath);
  if (segments === null) return null;
  const query = mark === -1 ? [] : parseQuery(target.slice(mark + 1));
  return { segments, path: '/' + segments.join('/'), query };
}

/** A Location we are willing to send: a path on this host, printable ASCII only. */
export function isSameHostPath(location: string): boolean {
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(location) && !location.includes('\\');
}
