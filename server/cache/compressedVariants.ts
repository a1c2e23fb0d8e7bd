import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from '../http/contentEncoding.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Quality 5 and a 256 KB window (larger than any answer): a few ms off the event loop, once per cached answer. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

type Compressing = Exclude<Encoding, 'identity'>;
/** By the cached bytes themselves: when the cache lets go of them, their compressed forms go too. */
const made = new WeakMap<Buffer, Partial<Record<Compressing, Promise<Buffer>>>>();
/** The forms already finished, for a caller that cannot wait (searchFastPath.ts). */
const finished = new WeakMap<Buffer, Partial<Record<Compressing, Buffer>>>();

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
    form = encoding === 'br' ? brotli(bytes, BROTLI) : gzipAsync(bytes, { level: 6 });
    forms[encoding] = form;
    form.then(
      (done) => {
        let ready = finished.get(bytes);
        if (!ready) finished.set(bytes, (ready = {}));
        ready[encoding] = done;
      },
      // A failed compression is tried again by the next request (and this one is sent as it is).
      () => delete forms[encoding],
    );
  }
  return form;
}

/** The bytes in `encoding` if they are at hand now (identity always is); undefined while not yet compressed. */
export function compressedNow(bytes: Buffer, encoding: Encoding): Buffer | undefined {
  return encoding === 'identity' ? bytes : finished.get(bytes)?.[encoding];
}
