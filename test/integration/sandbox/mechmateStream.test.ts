import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import { ClosestAvailableMessage, Workshop } from '../../../contracts/upstream/mechmate.js';
import { distanceKm } from '../../../sandbox/data/deterministic.js';
import { readEvents } from './sseClient.js';
import { waitUntil } from '../../../scripts/stack/waitUntil.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox(0);
});
afterAll(() => sandbox.close());
beforeEach(() => fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' }));

const gothenburg = { latitude: 57.7089, longitude: 11.9746 };
const streamUrl = (query: Record<string, string | number>) =>
  `${sandbox.serviceUrl('mechmate')}/departments/closestAvailable?${new URLSearchParams(
    Object.entries({ regNo: 'ABC123', serviceOfferings: 'originalservice', ...gothenburg, ...query }).map(([k, v]) => [
      k,
      String(v),
    ]),
  )}`;
const stats = async () =>
  (await (await fetch(`${sandbox.url}/__sandbox/stats`)).json()) as { openStreams: number; abortedStreams: number };

const until = (condition: () => Promise<boolean>) => waitUntil(condition, 'sandbox stream count');

describe('mechmate closestAvailable stream', () => {
  it('sends one workshop per message, nearest first, paced by intervalMs, with id = departmentId', async () => {
    const { status, contentType, events } = await readEvents(streamUrl({ intervalMs: 100 }), { stopAfter: 5 });
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/event-stream/);
    const workshops = events.map((e) => Workshop.parse(e.data));
    expect(events.map((e) => e.id)).toEqual(workshops.map((w) => String(w.departmentId)));
    const distances = workshops.map((w) => distanceKm(gothenburg, w));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // One message per interval: never two at once, and not all at the end (lower bounds: a busy machine only adds).
    for (let i = 1; i < events.length; i++) expect(events[i]!.at - events[i - 1]!.at).toBeGreaterThanOrEqual(80);
    expect(events[4]!.at - events[0]!.at).toBeGreaterThanOrEqual(4 * 90);
  });

  it('continues after the cursor, or after Last-Event-ID', async () => {
    const all = (await readEvents(streamUrl({ intervalMs: 0 }))).events.map((e) => Workshop.parse(e.data).departmentId);
    expect(all.length).toBeGreaterThan(6);
    const afterCursor = (await readEvents(streamUrl({ intervalMs: 0, cursor: all[4]! }))).events.map(
      (e) => Workshop.parse(e.data).departmentId,
    );
    expect(afterCursor).toEqual(all.slice(5));
    const afterLastEventId = await readEvents(streamUrl({ intervalMs: 0 }), {
      headers: { 'Last-Event-ID': String(all[1]) },
      stopAfter: 1,
    });
    expect(Workshop.parse(afterLastEventId.events[0]!.data).departmentId).toBe(all[2]);
  });

  it('answers {nosites} when no workshop is near', async () => {
    const { events } = await readEvents(streamUrl({ intervalMs: 0, latitude: 0, longitude: 0 }));
    expect(events.map((e) => e.data)).toEqual([{ nosites: true }]);
  });

  it('counts the open stream and the abort when the client disconnects, and stops writing', async () => {
    const { events } = await readEvents(streamUrl({ intervalMs: 150 }), { stopAfter: 1 });
    expect(events).toHaveLength(1);
    await until(async () => (await stats()).openStreams === 0);
    expect((await stats()).abortedStreams).toBe(1);
  });

  it('counts a stream as open while it runs and not as aborted when it completes', async () => {
    const reading = readEvents(streamUrl({ intervalMs: 100, latitude: 67.8558, longitude: 20.2253 }));
    await until(async () => (await stats()).openStreams === 1);
    await reading;
    await until(async () => (await stats()).openStreams === 0);
    expect((await stats()).abortedStreams).toBe(0);
  });

  it('sends {error} inside the stream on a stream fault, after the asked number of workshops', async () => {
    const immediate = await readEvents(streamUrl({ intervalMs: 0 }), {
      headers: { 'x-sandbox-stream-fault': 'status=503' },
    });
    expect(immediate.status).toBe(200);
    expect(immediate.events.map((e) => ClosestAvailableMessage.parse(e.data))).toEqual([
      { error: expect.stringContaining('503') },
    ]);
    const later = await readEvents(streamUrl({ intervalMs: 0 }), {
      headers: { 'x-sandbox-stream-fault': 'status=503,after=3' },
    });
    expect(later.events).toHaveLength(4);
    expect(later.events[3]!.data).toHaveProperty('error');
  });

  it('streams two workshops then {error} for the documented ERR503', async () => {
    const { events } = await readEvents(streamUrl({ intervalMs: 0, regNo: 'ERR503' }));
    expect(events.map((e) => Object.keys(e.data as object).includes('error'))).toEqual([false, false, true]);
  });

  it('fails the HTTP answer itself under the frame fault x-sandbox-fault: status=503', async () => {
    const response = await fetch(streamUrl({ intervalMs: 0 }), { headers: { 'x-sandbox-fault': 'status=503' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses bad input with the service error body before streaming', async () => {
    const response = await fetch(streamUrl({ latitude: 'north' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { 'Error Result': ['InvalidInput'], latitude: expect.any(Array) },
    });
  });
});
