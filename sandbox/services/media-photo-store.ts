import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { Photo } from '../data/pictures.js';
import type { HeavyName } from './media-heavy.js';
import type { MakeAnswer, MakeRequest } from './media-photo-maker.js';

/** 48 MB: about 150 photographs, a shopper's walk through home, a car list and a few cars, kept made. */
export const DEFAULT_PHOTO_CACHE_BYTES = 48 * 1024 * 1024;
/** The maker process ends after this long without work, and gives its memory back; the next photo starts it again (about 0.3 s). */
const MAKER_IDLE_MS = 60_000;

/**
 * The photo maker process (media-photo-maker.ts), started with the first photo. From sources (tsx,
 * jest) it runs the .ts file through tsx, from the build the .js beside this one.
 */
class PhotoMaker {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (err: Error) => void }>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  make(photo: Photo | HeavyName): Promise<Buffer> {
    const child = this.child ?? this.start();
    clearTimeout(this.idle);
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held open while there is work: an idle maker never keeps the sandbox's process alive.
      child.channel?.ref();
      child.send((typeof photo === 'string' ? { id, heavy: photo } : { id, photo }) satisfies MakeRequest);
    });
  }

  private start(): ChildProcess {
    const self = import.meta.url;
    const fromSources = self.endsWith('.ts');
    const child = fork(fileURLToPath(new URL(`./media-photo-maker.${fromSources ? 'ts' : 'js'}`, self)), [], {
      execArgv: fromSources ? ['--import', 'tsx'] : [],
      // Two malloc arenas, not eight per core: libvips' worker threads otherwise leave glibc holding about
      // twice the memory (measured: 24 car photos, RSS +196 MB with the defaults, +77 MB with this and no libvips cache).
      env: { MALLOC_ARENA_MAX: '2', ...process.env },
      serialization: 'advanced',
      // Its stderr is read, not inherited: a parent that waits for its own pipes to close (a test runner's worker) would wait for this process too.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.unref();
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
    (child.stderr as (NodeJS.ReadableStream & { unref?: () => void }) | null)?.unref?.();
    child.on('message', (answer: MakeAnswer) => this.answered(answer));
    const failed = (err: Error) => {
      if (this.child !== child) return;
      this.child = undefined;
      for (const { reject } of this.pending.values()) reject(err);
      this.pending.clear();
    };
    child.on('error', failed);
    child.on('exit', (code, signal) =>
      failed(new Error(`the photo maker ended (${signal ?? code})${stderr ? `: ${stderr}` : ''}`)),
    );
    this.child = child;
    return child;
  }

  private answered(answer: MakeAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if ('error' in answer) waiting.reject(new Error(`photo maker: ${answer.error}`));
    else waiting.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    if (this.pending.size > 0) return;
    this.child?.channel?.unref();
    this.idle = setTimeout(() => this.pending.size === 0 && this.stop(), MAKER_IDLE_MS).unref();
  }

  /** Ends the maker process; whatever it was still making fails. */
  stop(): void {
    clearTimeout(this.idle);
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    for (const { reject } of this.pending.values()) reject(new Error('the photo maker was stopped'));
    this.pending.clear();
    if (child.connected) child.disconnect();
  }
}

export interface PhotoStoreOptions {
  /** The cache's bound in bytes. */
  maxBytes: number;
  /** Called each time a picture is made (a cache miss), for the sandbox's stats. */
  onMade?: () => void;
  /**
   * A directory the sandboxes of one test run share (SANDBOX_RUN_DIR, scripts/stack/runDir.mjs):
   * a photograph made by one is read from there by the others. Only within one run, so it never outlives
   * the code that drew its pictures.
   */
  sharedDir?: string;
}

/**
 * Photographs made on demand and kept in a byte-bounded LRU. Concurrent requests for one photograph
 * share one making, and at most as many are made at once as there are cores, oldest request first.
 */
export class PhotoStore {
  private readonly cache: LRUCache<string, Buffer>;
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly maker = new PhotoMaker();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly slots = Math.max(1, availableParallelism());
  private closed = false;

  constructor(private readonly options: PhotoStoreOptions) {
    this.cache = new LRUCache<string, Buffer>({ maxSize: options.maxBytes, sizeCalculation: (bytes) => bytes.length });
  }

  /** Ends the maker process for good (the sandbox closes): a request still arriving starts no new one. */
  close(): void {
    this.closed = true;
    this.maker.stop();
  }

  /** The picture's bytes; `key` names it uniquely (its path and version). */
  get(key: string, photo: Photo | HeavyName): Promise<Buffer> {
    const kept = this.cache.get(key);
    if (kept) return Promise.resolve(kept);
    if (this.closed) return Promise.reject(new Error('the sandbox is closed'));
    let made = this.making.get(key);
    if (!made) {
      made = this.sharedCopy(key)
        .then(
          (shared) =>
            shared ??
            this.inTurn(() => this.maker.make(photo)).then(async (bytes) => {
              this.options.onMade?.();
              // Shared before it is sent (a few milliseconds): whoever asks a sibling sandbox next finds it.
              await this.share(key, bytes);
              return bytes;
            }),
        )
        .then((bytes) => {
          if (bytes.length <= this.options.maxBytes) this.cache.set(key, bytes);
          return bytes;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }

  private sharedFile(key: string): string | undefined {
    const dir = this.options.sharedDir;
    return dir && join(dir, createHash('sha256').update(key).digest('hex'));
  }

  private async sharedCopy(key: string): Promise<Buffer | undefined> {
    const file = this.sharedFile(key);
    return file ? readFile(file).catch(() => undefined) : undefined;
  }

  /** Written under a name of its own, then renamed: another sandbox never reads half a photograph. */
  private async share(key: string, bytes: Buffer): Promise<void> {
    const file = this.sharedFile(key);
    if (!file) return;
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(partial, bytes)
      .then(() => rename(partial, file))
      .catch(() => undefined);
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    // A finished making hands its slot straight to the next in line, so `running` never overshoots.
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
