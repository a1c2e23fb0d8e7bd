import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';
import type { StoreBudget } from '../store/storeBudgets.js';
import type { ProxyTrust } from './proxyTrust.js';

/** Headers as `writeHead` takes them flat: `[name, value, name, value, ...]`. */
export type FlatHeaders = readonly (string | number)[];

/**
 * The headers the full pipeline set on an answer (security headers and the like), for a fast path
 * to send again with a later answer to the same request. Names in `perAnswer` are left out: they
 * are set for each answer, never replayed. Each distinct list is kept once: they are nearly all alike.
 */
export class LearnedHeaders {
  private readonly lists = new Map<string, FlatHeaders>();

  constructor(private readonly perAnswer: ReadonlySet<string>) {}

  of(res: ServerResponse): FlatHeaders {
    const flat: (string | number)[] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (this.perAnswer.has(name) || value === undefined) continue;
      flat.push(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const id = flat.join('\n');
    const known = this.lists.get(id);
    if (known) return known;
    if (this.lists.size >= 100) this.lists.clear();
    this.lists.set(id, flat);
    return flat;
  }
}

/**
 * The part of a fast path's request signature that decides the market and the site's origin: the
 * Host header, and the host and protocol as the trusted proxies report them (the one reading, proxyTrust.ts).
 */
export function hostSignature(req: IncomingMessage, trustProxy: ProxyTrust): string {
  const client = trustProxy.client(req);
  return `${req.headers.host ?? ''}\n${client.host ?? ''}\n${client.proto}`;
}

/**
 * A fast path's learned request, estimated on the heap: two bytes a character (a string with any
 * character past Latin-1 takes two), plus the entry object and the LRU's slots for it.
 */
export function learnedRequestBytes(signature: string, key: string): number {
  return 2 * (signature.length + key.length) + 160;
}

/**
 * Learns a request when its client's budget admits its bytes (at once without a budget or a known client).
 * `entry` is made now, while the answer's headers are the pipeline's; nothing is made for a client known to be over budget.
 */
export function learnWithin<T>(
  budget: StoreBudget | undefined,
  res: Response,
  bytes: number,
  entry: () => T,
  learn: (entry: T) => void,
): void {
  const client = (res.locals as Partial<Response['locals']>).clientKey;
  if (!budget || client === undefined) return learn(entry());
  if (budget.spent(client)) return;
  const made = entry();
  budget.admit(client, { valueBytes: bytes, keyBytes: 0 }).then(
    (admitted) => admitted && learn(made),
    () => undefined,
  );
}
