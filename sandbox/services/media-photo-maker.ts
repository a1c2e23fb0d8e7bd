/**
 * The media service's photo maker, a process of its own (forked by media-photo-store.ts): libvips'
 * threads, their CPU and the memory glibc keeps after them (about 200 MB once a few dozen photos were
 * made, measured) stay out of the process the sandbox shares with the BFF under `npm start`.
 * One message in, `{ id, photo }`; one out, `{ id, bytes }` or `{ id, error }`.
 */
import sharp from 'sharp';
import type { Photo } from '../data/pictures.js';
import { makeHeavy, type HeavyName } from './media-heavy.js';
import { makePhoto } from './media-photos.js';

// Every photograph is made once from a new drawing: libvips' operation cache would only hold memory.
sharp.cache(false);

/** A photograph, or one of the heavy originals (media-heavy.ts). */
export type MakeRequest = { id: number; photo: Photo } | { id: number; heavy: HeavyName };
export type MakeAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

process.on('message', (request: MakeRequest) => {
  const answer = (message: MakeAnswer) => process.connected && process.send!(message);
  ('heavy' in request ? makeHeavy(request.heavy) : makePhoto(request.photo)).then(
    (bytes) => answer({ id: request.id, bytes }),
    (err: unknown) => answer({ id: request.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The sandbox went (closed, ended or crashed): nothing is left to make.
process.on('disconnect', () => process.exit(0));
