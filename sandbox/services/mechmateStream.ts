import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import {
  ClosestAvailableQuery,
  type ClosestAvailableMessage,
  type Workshop,
} from '../../contracts/upstream/mechmate.js';
import { queryNumber } from '../../contracts/upstream/primitives.js';
import type { SandboxContext } from '../context.js';
import { distanceKm } from '../data/deterministic.js';
import { ALL_OFFERING_CODES, lookupCar } from '../data/mechmate.js';
import { MAX_WORKSHOP_DISTANCE_KM, firstTimeSlot, workshopsForSeed } from '../data/mechmateWorkshops.js';
import { sendMechmateError, sendMechmateValidationError } from './mechmateErrors.js';
import { parseInput } from './parseInput.js';

/** What the booking service keeps between calls: slots booked and bookings made (sandbox/services/mechmate.ts). */
export interface MechmateState {
  bookedSlots: Set<string>;
  bookingCount: number;
}

/**
 * `GET /departments/closestAvailable`: workshops nearest first, one `data:` message each (with
 * `id:` = departmentId), paced like the real backend, continuing after `cursor` / `Last-Event-ID`.
 *
 * Sandbox-only knobs: `intervalMs` (query) or SANDBOX_STREAM_INTERVAL_MS sets the pacing
 * (default 300 ms); the header `x-sandbox-stream-fault: status=503[,after=N]` sends N workshops
 * and then `{error}` inside a 200 stream (the frame's `x-sandbox-fault` fails the HTTP answer itself).
 */

const DEFAULT_INTERVAL_MS = 300;
/** ERR503 streams this many workshops and then `{error}`, so the failure is reachable through the BFF. */
const ERROR_REGISTRATION = { regNo: 'ERR503', after: 2 };

const StreamQuery = ClosestAvailableQuery.extend({
  intervalMs: queryNumber.pipe(z.number().int().min(0).max(60_000)).optional(),
});

function intervalFor(queryInterval: number | undefined): number {
  const fromEnv = Number(process.env.SANDBOX_STREAM_INTERVAL_MS);
  return (
    queryInterval ??
    (Number.isFinite(fromEnv) && process.env.SANDBOX_STREAM_INTERVAL_MS ? fromEnv : DEFAULT_INTERVAL_MS)
  );
}

/** `status=503,after=2` → error after 2 workshops; undefined when the header asks for nothing. */
function streamFault(req: Request): { after: number; error: string } | undefined {
  const header = req.header('x-sandbox-stream-fault');
  if (!header) return undefined;
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=') as [string, string?]));
  if (!('status' in parts) && !('error' in parts)) return undefined;
  return {
    after: Number(parts.after ?? 0) || 0,
    error: parts.status ? `ServerError (status ${parts.status})` : 'ServerError',
  };
}

export function closestAvailableHandler(ctx: SandboxContext, state: MechmateState): RequestHandler {
  return (req, res) => {
    const lastEventId = req.header('last-event-id');
    const query = parseInput(StreamQuery, {
      ...req.query,
      ...(req.query.cursor === undefined && lastEventId ? { cursor: lastEventId } : {}),
    });
    if (!query.ok) return sendMechmateValidationError(res, query.fields);
    const { regNo, serviceOfferings, latitude, longitude, cursor, intervalMs } = query.data;
    const unknown = serviceOfferings.filter((code) => !ALL_OFFERING_CODES.has(code));
    if (unknown.length)
      return sendMechmateError(res, 400, 'InvalidInput', {
        serviceOfferings: [`unknown offering code(s): ${unknown.join(', ')}`],
      });
    const car = lookupCar(ctx.seed, regNo, ctx.now());
    if ('error' in car) return sendMechmateError(res, car.status, car.error);

    const ordered = workshopsForSeed(ctx.seed)
      .filter((w) => serviceOfferings.every((code) => w.offeringCodes.has(code)))
      .map((w) => ({ workshop: w, distance: distanceKm({ latitude, longitude }, w) }))
      .filter(({ distance }) => distance <= MAX_WORKSHOP_DISTANCE_KM)
      .sort((a, b) => a.distance - b.distance)
      .map(({ workshop }) => workshop);
    let remaining = ordered;
    if (cursor !== undefined) {
      const index = ordered.findIndex((w) => w.departmentId === cursor);
      if (index < 0) return sendMechmateError(res, 400, 'InvalidInput', { cursor: ['not a workshop of this search'] });
      remaining = ordered.slice(index + 1);
    }

    const fault =
      streamFault(req) ??
      (car.car.registrationNumber === ERROR_REGISTRATION.regNo
        ? { after: ERROR_REGISTRATION.after, error: 'ServerError' }
        : undefined);
    // Each message is made when it is sent: a client that stops after 5 costs 5 first-slot lookups.
    const messages: Array<() => StreamMessage> = remaining.slice(0, fault ? fault.after : undefined).map((w) => () => {
      const workshop: Workshop = {
        departmentId: w.departmentId,
        siteId: w.siteId,
        siteName: w.siteName,
        address: w.address,
        latitude: w.latitude,
        longitude: w.longitude,
        brands: w.brands,
        firstTimeSlot: firstTimeSlot(ctx.seed, w.departmentId, ctx.now(), state.bookedSlots),
      };
      return { id: w.departmentId, data: workshop };
    });
    if (fault) messages.push(() => ({ data: { error: fault.error } }));
    else if (messages.length === 0) messages.push(() => ({ data: { nosites: true } }));

    streamMessages(ctx, res, messages, intervalFor(intervalMs));
  };
}

/** Writes one message per interval; stops writing (and counts an abort) when the client goes away. */
type StreamMessage = { id?: number; data: ClosestAvailableMessage };

function streamMessages(
  ctx: SandboxContext,
  res: Response,
  messages: Array<() => StreamMessage>,
  intervalMs: number,
): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  res.flushHeaders();
  ctx.stats.openStreams += 1;
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  let completed = false;
  res.once('close', () => {
    clearTimeout(timer);
    ctx.stats.openStreams -= 1;
    if (!completed) ctx.stats.abortedStreams += 1;
  });
  const sendNext = () => {
    if (res.destroyed) return;
    const message = messages[next++]?.();
    const written = message
      ? res.write(`${message.id === undefined ? '' : `id: ${message.id}\n`}data: ${JSON.stringify(message.data)}\n\n`)
      : true;
    if (next >= messages.length) {
      completed = true;
      res.end();
      return;
    }
    // A slow reader holds the next message back instead of it piling up in memory.
    if (written) timer = setTimeout(sendNext, intervalMs);
    else res.once('drain', () => (timer = setTimeout(sendNext, intervalMs)));
  };
  timer = setTimeout(sendNext, intervalMs);
}
