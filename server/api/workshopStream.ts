import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Logger } from 'pino';
import { z } from 'zod';
import { full, type PerClientCount, tooMany } from '../http/clientLimits.js';
import { validate } from '../http/validate.js';
import {
  ClosestAvailableMessage,
  ClosestAvailableQuery,
  MechmateRegistrationNumber,
} from '../../contracts/upstream/mechmate.js';
import type { Metrics } from '../metrics.js';
import type { MechmateClient } from '../upstream/mechmateClient.js';
import { operation, parseRequest } from './apiOperation.js';

/** One load shows 5 workshops (part 2 §9); 'Hämta fler' asks again with cursor = the last departmentId. */
export const WORKSHOPS_PER_LOAD = 5;

export const closestAvailableOperation = operation({
  tag: 'booking',
  feature: 'booking',
  method: 'get',
  path: '/mechmate/departments/closestAvailable',
  summary: 'The nearest workshops with a free time, as server-sent events',
  description:
    'Workshops nearest to latitude/longitude first that offer the chosen services, as server-sent events: a workshop per message (id = departmentId.n, its place n of 5 in the page), ' +
    'or {nosites}, or {error} (id = end); closes after 5, with `: heartbeat` comments while idle. A reconnect with Last-Event-ID continues an unfinished page and answers 204 to a finished one; ' +
    "cursor (a departmentId) asks for the next page ('Hämta fler'). Open streams are limited per client and per process (429 too_many_streams, 503 streams_full).",
  query: ClosestAvailableQuery.extend({
    regNo: z
      .string()
      .max(20)
      .transform((t) => t.replace(/\s+/g, '').toUpperCase())
      .pipe(MechmateRegistrationNumber),
  }),
  example: () => ({
    query: { regNo: 'ABC123', serviceOfferings: 'oilservice', latitude: '59.33', longitude: '18.07' },
  }),
  response: {
    contentType: 'text/event-stream',
    schema: ClosestAvailableMessage,
    description: 'One JSON message per `data:` line (the example is one workshop message)',
    example: {
      departmentId: 2001,
      siteId: 'se-site-101',
      siteName: 'Bilcentrum Stockholm',
      address: 'Stigs Gata 71, 003 47 Stockholm',
      latitude: 59.34922,
      longitude: 18.06126,
      brands: ['Toyota', 'BMW', 'MINI'],
      firstTimeSlot: '2026-11-30T07:30:00',
    },
  },
});

export interface WorkshopStreamOptions {
  idleTimeoutMs: number;
  heartbeatMs: number;
  retryMs: number;
  /** Streams open at once in this process, all clients together. */
  maxOpen: number;
}

/** The one key of the process-wide count of open streams (a PerClientCount whose only client is the process). */
const PROCESS = 'process';

/** No workshop message comes near this; an upstream sending more without ending a message is broken. */
const MAX_MESSAGE_BYTES = 64 * 1024;

const sseMessage = (data: unknown, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
/** The id of a page's last message: a browser reconnecting with it is told (204) there is nothing more. */
const PAGE_END = 'end';
/** `2003.2`: workshop 2003, the 2nd of its page. */
const PagePosition = z
  .string()
  .regex(/^\d{1,10}\.[1-5]$/)
  .transform((id) => ({ after: Number(id.split('.')[0]), sent: Number(id.split('.')[1]) }))
  .pipe(z.object({ after: z.number().int().positive().max(2_147_483_647), sent: z.number() }));

/** Where a reconnecting EventSource left off: 'complete' for a finished page. */
function resumePoint(header: string | undefined): { after: number; sent: number } | 'complete' | undefined {
  if (header === undefined) return undefined;
  if (header === PAGE_END) return 'complete';
  const position = validate(PagePosition, header, 'Last-Event-ID');
  return position.sent >= WORKSHOPS_PER_LOAD ? 'complete' : position;
}

/**
 * Relays the booking service's workshop stream to the browser as it arrives: each upstream
 * message parsed (eventsource-parser), checked with the contract and written at once, never
 * compressed or buffered. Ends after 5 workshops, on {nosites} or {error}, when the upstream ends,
 * or with {error: 'Timeout'} when the upstream stays silent too long. The upstream read waits for
 * a slow browser ('drain'), and the upstream request is aborted the moment the browser leaves.
 */
export async function relayWorkshopStream(
  req: Request,
  res: Response,
  deps: {
    mechmate: MechmateClient;
    options: WorkshopStreamOptions;
    logger: Logger;
    metrics?: Metrics;
    perClient?: PerClientCount;
    inProcess?: PerClientCount;
  },
): Promise<void> {
  const { query } = parseRequest(closestAvailableOperation, req);
  const resume = resumePoint(req.header('last-event-id'));
  // A browser's EventSource reconnects on its own after every close: a finished page is not asked again.
  if (resume === 'complete') return void res.status(204).end();
  // Each stream holds an upstream connection: one client may not hold many (a page needs one at a time).
  const release = deps.perClient ? deps.perClient.acquire(req.ip) : () => {};
  if (!release) return tooMany(res, 'too_many_streams', 'Too many open workshop streams from this address');
  res.once('close', release);
  // Nor may all clients together hold more than the process's share of upstream connections (1,000 from 200 addresses were all opened).
  const releaseHere = deps.inProcess ? deps.inProcess.acquire(PROCESS) : () => {};
  if (!releaseHere)
    return full(res, 'streams_full', 'Too many open workshop streams on this server; try again shortly');
  res.once('close', releaseHere);

  const upstreamAbort = new AbortController();
  res.on('close', () => upstreamAbort.abort());
  let upstream: Readable;
  try {
    const from = resume ? { ...query, cursor: resume.after } : query;
    upstream = await deps.mechmate.closestAvailable(from, undefined, {
      requestId: String(req.id),
      signal: upstreamAbort.signal,
    });
  } catch (err) {
    if (upstreamAbort.signal.aborted) return; // the browser left before the stream opened
    throw err; // answered as JSON by the error handler: the stream never started
  }

  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.setHeader('Connection', 'keep-alive');
  res.flushHeaders();
  res.write(`retry: ${deps.options.retryMs}\n\n`);
  deps.metrics?.openEventStreams.inc();
  res.once('close', () => deps.metrics?.openEventStreams.dec());

  let finished = false;
  const finish = (last?: string) => {
    if (finished) return;
    finished = true;
    clearTimeout(idleTimer);
    clearInterval(heartbeat);
    upstreamAbort.abort(); // stop the upstream writing; a no-op when it already ended
    if (!res.writableEnded && !res.destroyed) res.end(last);
  };
  // Nothing from the upstream for too long: tell the shopper instead of spinning forever.
  let idleTimer = setTimeout(() => finish(sseMessage({ error: 'Timeout' }, PAGE_END)), deps.options.idleTimeoutMs);
  const heartbeat = setInterval(() => {
    if (!res.writableNeedDrain) res.write(': heartbeat\n\n');
  }, deps.options.heartbeatMs);

  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  const decoder = new TextDecoder();
  let workshops = resume ? resume.sent : 0; // of this page, including those sent before a reconnect
  let unfinishedBytes = 0; // read since the last complete message
  try {
    for await (const chunk of upstream) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => finish(sseMessage({ error: 'Timeout' }, PAGE_END)), deps.options.idleTimeoutMs);
      parser.feed(decoder.decode(chunk as Buffer, { stream: true }));
      unfinishedBytes = pending.length > 0 ? 0 : unfinishedBytes + (chunk as Buffer).length;
      if (unfinishedBytes > MAX_MESSAGE_BYTES) {
        deps.logger.warn(
          { requestId: req.id, bytes: unfinishedBytes },
          'workshop stream message too large: stream ended',
        );
        return finish(sseMessage({ error: 'ServerError' }, PAGE_END));
      }
      for (const event of pending.splice(0)) {
        const message = ClosestAvailableMessage.safeParse(parseJson(event.data));
        if (!message.success) return finish(sseMessage({ error: 'ServerError' }, PAGE_END));
        const data = message.data;
        if ('departmentId' in data) {
          await writeWithBackpressure(res, sseMessage(data, `${data.departmentId}.${++workshops}`));
          if (workshops >= WORKSHOPS_PER_LOAD) return finish();
        } else {
          return finish(sseMessage(data, PAGE_END)); // {nosites} or {error}: the last message
        }
        if (finished) return;
      }
    }
    finish(`id: ${PAGE_END}\n\n`); // the upstream ended the page early: an id alone, no message
  } catch (err) {
    if (finished || upstreamAbort.signal.aborted) return finish();
    deps.logger.warn({ err: (err as Error).message, requestId: req.id }, 'workshop stream broke off');
    finish(sseMessage({ error: 'ServerError' }, PAGE_END));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Writes, and when the browser's buffer is full waits for it to drain (or leave) before reading on. */
async function writeWithBackpressure(res: Response, text: string): Promise<void> {
  if (res.write(text) || res.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
