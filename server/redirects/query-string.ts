/**
 * application/x-www-form-urlencoded, as URLSearchParams does it, with a fast path for the plain
 * `utm_source=mail` queries most requests carry: URLSearchParams is several times slower and a
 * query is parsed and serialised on every redirect.
 */
const PLAIN = /^[A-Za-z0-9*\-._]*$/;

export function parseQuery(raw: string): Array<[string, string]> {
  if (raw === '') return [];
  if (raw.includes('%') || raw.includes('+')) return [...new URLSearchParams(raw)];
  const pairs: Array<[string, string]> = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    pairs.push(eq === -1 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]);
  }
  return pairs;
}

function encodeComponent(value: string): string {
  if (PLAIN.test(value)) return value;
  try {
    return encodeURIComponent(value).replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, '+');
  } catch {
    return new URLSearchParams([['', value]]).toString().slice(1); // lone surrogates: let the platform replace them
  }
}

export function serializeQuery(pairs: Array<[string, string]>): string {
  let out = '';
  for (const [name, value] of pairs) out += (out === '' ? '' : '&') + encodeComponent(name) + '=' + encodeComponent(value);
  return out;
}
