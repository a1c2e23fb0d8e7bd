export type Encoding = 'br' | 'gzip' | 'identity';

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const chosen = new Map<string, Encoding>();

/** The best stored encoding the client accepts: brotli, then gzip, else identity (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (chosen.size >= 256) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}
