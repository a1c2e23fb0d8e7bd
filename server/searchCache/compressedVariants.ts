import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from '../http/contentEncoding.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Quality 5 and a 256 KB window (larger than any answer): a few ms off the event loop, once per cached answer. */
const BROTLI = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_LGWIN]: 18,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};

type Compressing = Exclude<Encoding, 'identity'>;
/** One compressed form: the compressing under way, and its result once it is done. */
interface Form {
  compressing: Promise<Buffer>;
  done?: Buffer;
}
/** By the cached bytes themselves: when the cache lets go of them, their compressed forms go too. */
const made = new WeakMap<Buffer, Partial<Record<Compressing, Form>>>();

/**
 * Cached bytes in the encoding a client accepts, compressed once off the event loop and kept for as
 * long as the bytes are: the answer that fills the cache waits for the compressing (as it would for
 * compressing on the fly), every hit after it sends the stored result. Identity is the bytes themselves.
 */
export function compressed(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(bytes);
  let forms = made.get(bytes);
  if (!forms) made.set(bytes, (forms = {}));
  let form = forms[encoding];
  if (!form) {
    const started: Form = { compressing: encoding === 'br' ? brotli(bytes, BROTLI) : gzipAsync(bytes, { level: 6 }) };
    started.compressing.then(
      (done) => void (started.done = done),
      // A failed compression is tried again by the next request (and this one is sent as it is).
      () => delete forms[encoding],
    );
    forms[encoding] = form = started;
  }
  return form.compressing;
}

/** The bytes in `encoding` if they are at hand now (identity always is), for a caller that cannot wait (searchFastPath.ts). */
export function compressedNow(bytes: Buffer, encoding: Encoding): Buffer | undefined {
  return encoding === 'identity' ? bytes : made.get(bytes)?.[encoding]?.done;
}
