import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { compressed, compressedNow } from '../searchCache/compressedVariants.js';
import type { Encoding } from '../http/contentEncoding.js';
import type { Codec } from '../store/tiers.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Headers of a rendered page that belong to its bytes and are replayed with them. */
export const REPLAYED_HEADERS = ['content-type', 'content-language', 'x-robots-tag', 'link'] as const;

/**
 * One finished page: what every shopper asking for its key is sent. Stored as rendered; its
 * compressed forms are made the first time an encoding is asked for, at a quick quality
 * (compressedVariants.ts, as cheap as compressing an uncached answer), and at the best quality
 * (`br`, `gzip`) only once the page is asked for again (bestEntry), off the request path.
 */
export interface PageEntry {
  status: number;
  headers: Record<string, string>;
  /** Weak: every encoding is one page. */
  etag: string;
  storedAt: number;
  identity: Buffer;
  /** Brotli 11 and gzip 9, once made; until then the quick forms are sent. */
  br?: Buffer;
  gzip?: Buffer;
}

/** A rendered page as an entry: no compressing here (a page asked for once costs no more than an uncached one). */
export function buildEntry(
  page: { status: number; headers: Record<string, string>; body: Buffer },
  storedAt: number,
): PageEntry {
  const etag = `W/"${createHash('sha1').update(page.body).digest('base64url')}"`;
  return { status: page.status, headers: page.headers, etag, storedAt, identity: page.body };
}

/** Brotli at its highest quality and gzip at 9, off the event loop: paid for pages asked for more than once. */
export async function bestEntry(entry: PageEntry): Promise<PageEntry> {
  const [br, gz] = await Promise.all([
    brotli(entry.identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
        [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(entry.identity.length),
      },
    }),
    gzipAsync(entry.identity, { level: 9 }),
  ]);
  // A copy of the bytes: the quick forms are kept with the old ones (compressedVariants.ts) and go with them.
  return { ...entry, identity: Buffer.from(entry.identity), br, gzip: gz };
}

/** The page's bytes in an encoding: the best form when made, else the quick one (made once, then kept with the bytes). */
export function entryBody(entry: PageEntry, encoding: Encoding): Promise<Buffer> {
  const best = encoding === 'identity' ? entry.identity : entry[encoding];
  return best ? Promise.resolve(best) : compressed(entry.identity, encoding);
}

/** The same, only if at hand now (for the fast path, which cannot wait). */
export function entryBodyNow(entry: PageEntry, encoding: Encoding): Buffer | undefined {
  return (encoding === 'identity' ? entry.identity : entry[encoding]) ?? compressedNow(entry.identity, encoding);
}

/**
 * The smallest window that holds the whole page: a larger one finds no more matches, while quality
 * 11's match finder takes 8 bytes per window position: 32 MB per page being compressed at the
 * default 4 MB window. Same size out (measured on a 48 KB page), and twice as fast.
 */
function windowBitsFor(bytes: number): number {
  return Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))),
  );
}

/**
 * What a page's best-quality forms may add to it once it is asked for again (bestEntry): charged to
 * the client that made it kept, so the upgrade never makes it larger than was paid for. Measured on the
 * sandbox's pages, brotli 11 and gzip 9 together are 0.13–0.2 of a car list (120–330 KB), 0.3 of a
 * home page (45 KB) and up to 0.46 of an 8 KB page; a page whose forms do not fit keeps its quick ones.
 */
export const bestFormsRoom = (entry: Pick<PageEntry, 'identity'>): number =>
  Math.ceil(entry.identity.length * 0.3) + 4096;

/** A page's bytes in all its forms (the store adds each entry's overhead). */
export function entryBytes(entry: Pick<PageEntry, 'identity' | 'br' | 'gzip'>): number {
  return entry.identity.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
}

/** Redis form: 4-byte header length, the JSON header, then the bodies back to back (a form not made yet is 0 bytes). */
export function serialiseEntry(entry: PageEntry): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      v: 2,
      status: entry.status,
      headers: entry.headers,
      etag: entry.etag,
      storedAt: entry.storedAt,
      sizes: [entry.identity.length, entry.br?.length ?? 0, entry.gzip?.length ?? 0],
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, entry.identity, entry.br ?? Buffer.alloc(0), entry.gzip ?? Buffer.alloc(0)]);
}

/** The stored form back; anything that does not read exactly (older version, truncated) is a miss. */
export function parseEntry(bytes: Buffer): PageEntry | undefined {
  try {
    if (bytes.length < 4) return undefined;
    const headerLength = bytes.readUInt32BE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as {
      v: number;
      status: number;
      headers: Record<string, string>;
      etag: string;
      storedAt: number;
      sizes: [number, number, number];
    };
    const [identityLength, brLength, gzipLength] = header.sizes;
    let offset = 4 + headerLength;
    if (header.v !== 2 || offset + identityLength + brLength + gzipLength !== bytes.length) return undefined;
    const take = (n: number) => bytes.subarray(offset, (offset += n));
    const entry: PageEntry = {
      status: header.status,
      headers: header.headers,
      etag: header.etag,
      storedAt: header.storedAt,
      identity: take(identityLength),
    };
    const br = take(brLength);
    const gz = take(gzipLength);
    return br.length > 0 && gz.length > 0 ? { ...entry, br, gzip: gz } : entry;
  } catch {
    return undefined;
  }
}

/** A page as the shared tier keeps it in Redis (server/store/tiers.ts). */
export const PAGE_CODEC: Codec<PageEntry> = { encode: serialiseEntry, decode: parseEntry };
