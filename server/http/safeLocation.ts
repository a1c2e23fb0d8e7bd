import type { Response } from 'express';

/**
 * The one way the BFF builds a `Location` from request input. Whatever it is given, it emits a path
 * on this site: one leading `/` followed by neither `/` nor `\` (browsers read `//x` and `/\x` as
 * another host), no backslash, no control character, no scheme, dot segments resolved without
 * climbing above the root, printable ASCII only. Encoded separators and controls (`%2F`, `%5C`,
 * `%09`, ...) are treated as what they decode to: a proxy or browser may decode them on the way.
 */
export function safeLocation(target: string): string {
  const fragment = target.indexOf('#');
  const withoutFragment = fragment === -1 ? target : target.slice(0, fragment);
  const mark = withoutFragment.indexOf('?');
  const rawPath = mark === -1 ? withoutFragment : withoutFragment.slice(0, mark);
  const query = mark === -1 ? '' : printable(withoutFragment.slice(mark + 1));
  return safePath(rawPath) + (query ? `?${query}` : '');
}

/** Sends a redirect to `target` through `safeLocation`: every redirect built from request input goes here. */
export function redirectTo(res: Response, status: 301 | 302 | 303 | 307 | 308, target: string): void {
  res.status(status).setHeader('Location', safeLocation(target));
  res.end();
}

/** Encoded forms of what must never survive as data in a path: separators, dots and control characters. */
const SPECIAL_ESCAPE = /%(2f|5c|2e|[01][0-9a-f]|7f)/gi;

function safePath(rawPath: string): string {
  // An absolute URL (a scheme, or anything not starting with a separator) is not a path of ours.
  if (rawPath[0] !== '/' && rawPath[0] !== '\\') return '/';
  const decoded = rawPath.replace(SPECIAL_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  const segments: string[] = [];
  // Backslashes are separators to browsers; empty segments (`//`) collapse; controls are dropped.
  for (const raw of decoded.split(/[/\\]/)) {
    const segment = dropControls(raw);
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(printable(segment));
  }
  const trailing = segments.length > 0 && /[/\\]$/.test(decoded) ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;

function dropControls(text: string): string {
  return text.replace(CONTROLS, '');
}

/** Printable ASCII: existing escapes kept as they are, anything else (controls dropped) percent-encoded once. */
function printable(text: string): string {
  let out = '';
  for (const char of dropControls(text)) {
    const code = char.codePointAt(0)!;
    if (code > 0x20 && code < 0x7f && char !== '\\') out += char;
    // A lone surrogate has no UTF-8 form (encodeURIComponent would throw): the replacement character stands in.
    else out += code >= 0xd800 && code <= 0xdfff ? '%EF%BF%BD' : encodeURIComponent(char);
  }
  return out;
}
