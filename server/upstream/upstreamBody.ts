import type { Readable } from 'node:stream';

/** How much of an unwanted body is read to keep its keep-alive connection; past it the socket is dropped. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

const guarded = new WeakSet<Readable>();

/**
 * Every undici body the BFF receives goes through here first. An undici body emits 'error' when it
 * is destroyed or its request aborted (the caller's signal, a deadline, a dropped socket); once no
 * reader listens, that 'error' would be unhandled and end the process. This listener only absorbs
 * it: whoever is still reading sees the same error through their own listener or iterator.
 */
export function guardBody<B extends Readable>(body: B): B {
  if (!guarded.has(body)) {
    guarded.add(body);
    body.on('error', () => undefined);
  }
  return body;
}

/**
 * The one way the BFF drops a body it will not read (a wrong content type, an error status it does
 * not need, an answer too large): a small one is drained so its connection returns to the pool, a
 * large or endless one destroyed. Never throws, never leaves an unhandled 'error'.
 */
export function releaseBody(body: Readable & { dump?: (opts: { limit: number }) => Promise<unknown> }): void {
  guardBody(body);
  if (body.destroyed) return;
  if (typeof body.dump === 'function') body.dump({ limit: DRAIN_LIMIT_BYTES }).catch(() => undefined);
  else body.destroy();
}

/**
 * Reads a body as text up to `maxBytes`; past that the body is released and `onTooLarge` thrown, so a
 * runaway upstream can neither fill the BFF's memory nor stall it.
 */
export async function readBodyText(body: Readable, maxBytes: number, onTooLarge: () => Error): Promise<string> {
  return (await readBodyBytes(body, maxBytes, onTooLarge)).toString('utf8');
}

/** Reads a body whole as bytes up to `maxBytes`, on the same terms as readBodyText. */
export async function readBodyBytes(body: Readable, maxBytes: number, onTooLarge: () => Error): Promise<Buffer> {
  guardBody(body);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Leaving the loop destroys the body; its 'error' is absorbed by the guard above.
    if (size > maxBytes) throw onTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}
