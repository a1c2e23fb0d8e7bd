import type { SourcePattern } from './source-pattern.js';

/**
 * A destination such as `/buy-car/used-cars/{path*}` or `/kop-bil/sok-bil?car_brand={brand}`.
 * Only paths on the same host are accepted: no scheme, no `//` or `/\` start, no backslash,
 * no encoded separator or control character anywhere, so no Location can leave the site.
 */
export type PathPart = { kind: 'text'; text: string } | { kind: 'param' | 'wildcard'; name: string };
export type QueryPart = { name: string; value: string; param: string | null };

export interface Destination {
  /** As written in the table (or as produced by flattening a chain). */
  text: string;
  path: PathPart[];
  query: QueryPart[];
  hasPlaceholders: boolean;
}

const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/{}]*$/;
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)(\*?)\}/g;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN_DECODED = /[\u0000-\u001f\u007f/\\]/;

function checkPathSegments(path: string): void {
  if (path === '/') return;
  for (const segment of path.slice(1).split('/')) {
    if (segment === '') throw new Error(`destination path ${path} has an empty segment`);
    if (segment === '.' || segment === '..') throw new Error(`destination path ${path} has a dot segment`);
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new Error(`destination path ${path} has a malformed percent-escape`);
    }
    if (FORBIDDEN_DECODED.test(decoded)) throw new Error(`destination path ${path} encodes a separator or control character`);
  }
}

/** Parses and validates one destination against its source; errors are prefixed with table:line by the caller. */
export function parseDestination(text: string, source: SourcePattern | null): Destination {
  if (!text.startsWith('/') || text.startsWith('//') || text.includes('\\')) {
    throw new Error(`destination ${text} is not a path on the same host`);
  }
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u0020\u007f#]/.test(text)) throw new Error(`destination ${text} holds a control character, space or fragment`);
  const mark = text.indexOf('?');
  const rawPath = mark === -1 ? text : text.slice(0, mark);
  if (!PATH_CHARS.test(rawPath)) throw new Error(`destination path ${rawPath} holds characters that must be percent-encoded`);
  checkPathSegments(rawPath.replace(PLACEHOLDER, 'x'));

  const path: PathPart[] = [];
  let last = 0;
  for (const found of rawPath.matchAll(PLACEHOLDER)) {
    const kind = found[2] ? 'wildcard' : 'param';
    const name = found[1]!;
    if (source?.params.get(name) !== kind) throw new Error(`destination uses {${name}${found[2]}} which the source does not define as a ${kind}`);
    if (found.index > last) path.push({ kind: 'text', text: rawPath.slice(last, found.index) });
    path.push({ kind, name });
    last = found.index + found[0].length;
  }
  if (last < rawPath.length) path.push({ kind: 'text', text: rawPath.slice(last) });
  if (path.some((p) => p.kind === 'text' && /[{}]/.test(p.text))) throw new Error(`destination path ${rawPath} has a malformed placeholder`);

  const query: QueryPart[] = [];
  if (mark !== -1) {
    for (const [name, value] of new URLSearchParams(text.slice(mark + 1))) {
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      if (name === '' || /[\u0000-\u001f\u007f]/.test(name + value)) {
        throw new Error(`destination query parameter "${name}" is empty or holds a control character`);
      }
      const placeholder = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
      if (placeholder && source?.params.get(placeholder[1]!) !== 'param') {
        throw new Error(`destination query uses {${placeholder[1]}} which the source does not define as a parameter`);
      }
      query.push({ name, value, param: placeholder ? placeholder[1]! : null });
    }
  }
  return { text, path, query, hasPlaceholders: path.some((p) => p.kind !== 'text') || query.some((q) => q.param !== null) };
}

export type CapturedParams = Partial<Record<string, string | string[]>>;

/** The destination's path with captured (already canonical, encoded) values substituted. */
export function fillPath(destination: Destination, params: CapturedParams): string {
  let out = '';
  for (const part of destination.path) {
    if (part.kind === 'text') out += part.text;
    else {
      const value = params[part.name];
      out += Array.isArray(value) ? value.join('/') : (value ?? '');
    }
  }
  return out;
}

/** Destination query pairs with captured values decoded for URLSearchParams to encode once. */
export function fillQuery(destination: Destination, params: CapturedParams): Array<[string, string]> {
  return destination.query.map((q) => {
    if (q.param === null) return [q.name, q.value];
    const value = params[q.param];
    return [q.name, decodeURIComponent(typeof value === 'string' ? value : '')];
  });
}
