import { setTimeout as sleep } from 'node:timers/promises';
import { createParser } from 'eventsource-parser';
import { request, type Dispatcher } from 'undici';

const WORKSHOPS =
  '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07';

export interface StreamOutcome {
  /** departmentIds in the order they arrived, over every reconnect. */
  workshops: number[];
  /** Reconnects that continued an unfinished page (the stream was cut before its end). */
  resumed: number;
  failure?: string;
}

/**
 * One page of workshops read as the browser's EventSource reads it: on a stream that ends or breaks,
 * wait `retry` ms and reconnect with Last-Event-ID; stop on 204; fail on another status or type.
 */
export async function eventSourcePage(origin: string, dispatcher: Dispatcher): Promise<StreamOutcome> {
  const outcome: StreamOutcome = { workshops: [], resumed: 0 };
  let lastEventId: string | undefined;
  let retryMs = 3_000;
  for (let connection = 0; connection < 20; connection++) {
    if (connection > 0) await sleep(retryMs);
    const unfinished = lastEventId !== undefined && lastEventId !== 'end' && !lastEventId.endsWith('.5');
    try {
      const res = await request(origin + WORKSHOPS, {
        dispatcher,
        headers: {
          host: 'se.localhost',
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      });
      if (res.statusCode === 204) return (await res.body.dump(), outcome);
      if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/event-stream')) {
        return { ...outcome, failure: `answered ${res.statusCode} ${(await res.body.text()).slice(0, 120)}` };
      }
      if (unfinished) outcome.resumed++;
      const parser = createParser({
        onRetry: (ms) => (retryMs = ms),
        onEvent: (event) => {
          if (event.id !== undefined) lastEventId = event.id;
          const data = JSON.parse(event.data) as { departmentId?: number; error?: string };
          if (data.departmentId !== undefined) outcome.workshops.push(data.departmentId);
          else if (data.error) outcome.failure = `stream message {error: ${data.error}}`;
        },
      });
      for await (const chunk of res.body) parser.feed((chunk as Buffer).toString());
    } catch {
      // Refused or cut: the browser reconnects the same way.
    }
    if (outcome.failure) return outcome;
  }
  return { ...outcome, failure: 'gave up after 20 connections' };
}

export interface ShopperPost {
  path: string;
  host: string;
  body: string;
  headers?: Record<string, string>;
  /** The forms kit also tries again on 409 (another attempt of the same submission still being sent). */
  againOn409?: boolean;
}

/**
 * A write as the shopper's page sends it (client/forms: sendToFormsHub, postJsonWithRetries; the
 * tire-hotel page, where the shopper presses again): 3 attempts in all, 1 s apart, with the same body
 * (so the same idempotency key), on a network error or a 5xx (and a 409 for forms); any other 4xx is final.
 */
export async function postAsShopper(
  origin: string,
  dispatcher: Dispatcher,
  post: ShopperPost,
): Promise<{ status: number; attempts: number; text: string }> {
  let status = 0;
  let text = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt > 1) await sleep(1_000);
    try {
      const res = await request(origin + post.path, {
        dispatcher,
        method: 'POST',
        headers: { host: post.host, 'content-type': 'application/json', ...post.headers },
        body: post.body,
      });
      status = res.statusCode;
      text = await res.body.text();
      if (status < 500 && !(status === 409 && post.againOn409)) return { status, attempts: attempt, text };
    } catch {
      status = 0;
    }
  }
  return { status, attempts: 3, text };
}

const json = async <T>(res: Dispatcher.ResponseData): Promise<T> => {
  if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${(await res.body.text()).slice(0, 200)}`);
  return (await res.body.json()) as T;
};
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Free service-booking times at these workshops, from tomorrow: one booking each. */
export async function mechmateSlots(
  origin: string,
  dispatcher: Dispatcher,
  departmentIds: number[],
): Promise<{ departmentId: number; timeSlot: string }[]> {
  const slots: { departmentId: number; timeSlot: string }[] = [];
  for (const departmentId of departmentIds) {
    const res = await request(
      `${origin}/api/mechmate/timeslots/from/ABC123/${departmentId}/${tomorrow()}T00:00:00/?serviceOfferings=oilservice`,
      { dispatcher, headers: { host: 'se.localhost' } },
    );
    for (const day of await json<{ date: string; availableSlots: string[] }[]>(res)) {
      for (const time of day.availableSlots)
        slots.push({ departmentId, timeSlot: `${day.date.slice(0, 10)}T${time}:00` });
    }
  }
  return slots;
}

/** A tire-hotel shopper logged in (code send, code), with the free wheel-change times of their workshop. */
export async function tirehotelShopper(
  origin: string,
  dispatcher: Dispatcher,
): Promise<{ cookie: string; erpId: string; starts: { date: string; start: string }[] }> {
  const headers = { host: 'se.localhost', 'x-forwarded-for': '10.40.0.1' };
  const cookiesOf = (res: Dispatcher.ResponseData) =>
    ([res.headers['set-cookie'] ?? []].flat() as string[])
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='))
      .join('; ');
  const { encryptedPhoneNumber } = await json<{ encryptedPhoneNumber: string }>(
    await request(`${origin}/api/tirehotel/authorization/search?regNo=DEF456`, { dispatcher, headers }),
  );
  const login = await request(
    `${origin}/api/tirehotel/authorization/login?encryptedPhoneNumber=${encryptedPhoneNumber}`,
    { dispatcher, method: 'POST', headers },
  );
  await json(login);
  const validate = await request(`${origin}/api/tirehotel/authorization/validate?otpToken=4567`, {
    dispatcher,
    method: 'POST',
    headers: { ...headers, cookie: cookiesOf(login) },
  });
  const cookie = cookiesOf(validate);
  const { vehicles } = await json<{ vehicles: { brandCode: string; location: { erpId: string } }[] }>(validate);
  const { erpId } = vehicles[0]!.location;
  const range = JSON.stringify({
    startDate: tomorrow(),
    endDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    regNo: vehicles[0]!.brandCode,
  });
  const times = await request(`${origin}/api/tirehotel/booking/GetTimeslots?workshopIdentifier=${erpId}`, {
    dispatcher,
    method: 'POST',
    headers: { ...headers, cookie, 'content-type': 'application/json' },
    body: range,
  });
  const { availableTimeSlotDates } = await json<{ availableTimeSlotDates: { date: string; startTime: string[] }[] }>(
    times,
  );
  return {
    cookie,
    erpId,
    starts: availableTimeSlotDates.flatMap((d) => d.startTime.map((start) => ({ date: d.date, start }))),
  };
}
